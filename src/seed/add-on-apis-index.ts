// The add-on APIs index (seed/generated/add-on-apis.json, written by `netkb import add-on-apis`): for each add-on
// (cert-manager, the CSI external-snapshotter, Istio) its release tags read, and per group/version/kind the tags
// whose CRDs serve it and call it deprecated. Read here into each version's life in the add-on's releases.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { z } from 'zod';
import type { AddOnApi, AddOnKnowledge } from '../kb/model';
import { expand } from './generated-index';

export const ADD_ON_APIS_FILE = 'add-on-apis.json';
export const ADD_ON_APIS_SOURCE_FILE = 'add-on-apis-source.yaml';

const addOnSource = z.object({
  addOns: z
    .array(
      z.object({
        name: z.string().regex(/^[a-z][a-z0-9-]*$/),
        repository: z.url(),
        tagPattern: z.string().min(1),
        fromTag: z.string().min(1),
        crdFiles: z.array(z.string().min(1)).min(1),
        sources: z.array(z.url()).min(1),
      }),
    )
    .min(1),
});
export type AddOnSource = z.infer<typeof addOnSource>;

const apiEntry = z.object({
  addOn: z.string(),
  apiVersion: z.string(),
  kind: z.string(),
  served: z.array(z.string()).min(1),
  deprecated: z.array(z.string()),
});
export type AddOnApiEntry = z.infer<typeof apiEntry>;

export const addOnApisFile = z.object({
  addOns: z.array(
    z.object({
      name: z.string(),
      repository: z.url(),
      releases: z.array(z.object({ tag: z.string(), commit: z.string() })).min(1),
    }),
  ),
  apis: z.array(apiEntry),
});
export type AddOnApisFile = z.infer<typeof addOnApisFile>;

/** The source file, or what is wrong with it. */
export function readAddOnSource(file: string): AddOnSource | string {
  let data: unknown;
  try {
    data = load(readFileSync(file, 'utf8'));
  } catch (err) {
    return `cannot be read: ${(err as Error).message.split('\n')[0]}`;
  }
  const r = addOnSource.safeParse(data);
  if (!r.success) return r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  for (const a of r.data.addOns)
    for (const p of [a.tagPattern, ...a.crdFiles])
      try {
        new RegExp(p);
      } catch {
        return `${a.name}: ${p} is not a regular expression`;
      }
  return r.data;
}

/** Release tags in semver order ("v1.10.0" after "v1.9.0"; a leading v is ignored). */
export function compareTags(a: string, b: string): number {
  const parts = (t: string) => t.replace(/^v/, '').split(/[.-]/).map(Number);
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Reads seed/generated/add-on-apis.json into each version's life; null when the seed has none. */
export function readAddOnApis(seedDir: string, problems: { file: string; message: string }[]): AddOnKnowledge | null {
  const file = join(seedDir, 'generated', ADD_ON_APIS_FILE);
  if (!existsSync(file)) return null;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push({ file: 'seed/generated/add-on-apis.json', message: `cannot be read: ${(err as Error).message}` });
    return null;
  }
  const r = addOnApisFile.safeParse(data);
  if (!r.success) {
    problems.push({
      file: 'seed/generated/add-on-apis.json',
      message: `not an add-on index: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}; regenerate it with netkb import add-on-apis`,
    });
    return null;
  }
  return addOnLives(r.data);
}

/** Each version's life from the tags that serve it; the replacement is the kind's version served longest into the newest release. */
function addOnLives(index: AddOnApisFile): AddOnKnowledge {
  const order = new Map(index.addOns.map((a) => [a.name, a.releases.map((r) => r.tag)]));
  const apis: AddOnApi[] = [];
  for (const e of index.apis) {
    const tags = order.get(e.addOn);
    if (!tags) continue;
    const served = expand(e.served, tags);
    const last = served[served.length - 1];
    const deprecated = expand(e.deprecated, tags);
    apis.push({
      addOn: e.addOn,
      apiVersion: e.apiVersion,
      kind: e.kind,
      servedFrom: served[0],
      deprecatedIn: deprecated[0] ?? null,
      removedIn: last === tags[tags.length - 1] ? null : tags[tags.indexOf(last) + 1],
      replacement: null,
      replacementFrom: null,
    });
  }
  // The replacement of a version: the kind's version that the newest release serves and does not call deprecated,
  // in the same group when there is one (a kind the add-on moved to another of its groups, as cert-manager's
  // certmanager.k8s.io -> cert-manager.io in v0.11.0, has the other group's), the most stable first by
  // Kubernetes' version priority (v1 before v1beta2 before v1alpha1).
  for (const api of apis) {
    if (api.removedIn === null && api.deprecatedIn === null) continue;
    const lasting = apis
      .filter(
        (o) =>
          o !== api && o.addOn === api.addOn && o.kind === api.kind && o.removedIn === null && o.deprecatedIn === null,
      )
      .sort(
        (a, b) =>
          Number(groupOf(b.apiVersion) === groupOf(api.apiVersion)) -
            Number(groupOf(a.apiVersion) === groupOf(api.apiVersion)) ||
          versionPriority(b.apiVersion) - versionPriority(a.apiVersion),
      );
    if (lasting[0]) {
      api.replacement = lasting[0].apiVersion;
      api.replacementFrom = lasting[0].servedFrom;
    }
  }
  return {
    addOns: index.addOns.map((a) => ({
      name: a.name,
      repository: a.repository,
      releases: a.releases.map((r) => r.tag),
    })),
    apis,
  };
}

const groupOf = (apiVersion: string) => apiVersion.slice(0, apiVersion.lastIndexOf('/'));

/**
 * Kubernetes' version priority (as the API server orders a group's versions): GA before beta before alpha, then the
 * higher major version, then the higher alpha or beta number. Names that are not Kubernetes-style come last.
 */
function versionPriority(apiVersion: string): number {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(apiVersion.slice(apiVersion.lastIndexOf('/') + 1));
  if (!m) return 0;
  const level = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
  return level * 1_000_000 + Number(m[1]) * 1_000 + Number(m[3] ?? 0);
}
