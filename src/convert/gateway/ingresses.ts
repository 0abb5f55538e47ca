// The Ingresses of a manifest, at networking.k8s.io/v1: an Ingress of an older API version
// (extensions/v1beta1, networking.k8s.io/v1beta1) goes through the existing conversion first
// (convertManifest over the latest release, which serves only v1), and keeps the lines of the input.
import { readManifest, type Finding, type ManifestLimits, type ManifestObject } from '../../analysis';
import { isRecord } from './values';
import { convertManifest } from '../convert';
import type { ConversionChange, ConvertContext } from '../types';
import type { IngressView } from './types';

const INGRESS_GROUPS = ['extensions', 'networking.k8s.io'];
const TARGET_API_VERSION = 'networking.k8s.io/v1';

interface ReadIngresses {
  ingresses: IngressView[];
  /** The api-version changes that brought older Ingresses to v1. */
  changes: ConversionChange[];
  /** Ingresses the existing conversion could not bring to v1, with its reason. */
  unconverted: Finding[];
  /** Ingresses still of an older version after the conversion (its findings, when it has any, say why). */
  leftAsIs: ManifestObject[];
  /** Objects of other kinds, left out of the output. */
  others: ManifestObject[];
}

function isIngress(o: ManifestObject): boolean {
  return o.kind === 'Ingress' && INGRESS_GROUPS.includes(o.apiVersion.split('/')[0]);
}

export function readIngresses(
  text: string,
  convert: ConvertContext,
  limits: ManifestLimits,
  classAnnotation: string,
): ReadIngresses {
  const read = readManifest(text, limits);
  const sources = read.objects.filter(isIngress);
  const others = read.objects.filter((o) => !isIngress(o));
  const out: ReadIngresses = { ingresses: [], changes: [], unconverted: [], leftAsIs: [], others };
  let v1 = sources;
  if (sources.some((o) => o.apiVersion !== TARGET_API_VERSION)) {
    const converted = convertManifest(text, convert, limits);
    const at = (o: { documentIndex: number; line: number }) => `${o.documentIndex}:${o.line}`;
    const old = new Set(sources.filter((o) => o.apiVersion !== TARGET_API_VERSION).map(at));
    out.changes.push(...converted.changes.filter((c) => old.has(at(c.resource))));
    // The converted text has the same documents and Ingresses in the same order: the n-th is the n-th.
    v1 = readManifest(converted.manifest, limits).objects.filter(isIngress);
    for (const f of converted.unconverted)
      if (old.has(at(f.resource)) && f.ruleId === 'api-version') out.unconverted.push(f);
  }
  sources.forEach((source, i) => {
    const value = v1[i]?.apiVersion === TARGET_API_VERSION ? v1[i].value : null;
    if (!value) {
      out.leftAsIs.push(source);
      return;
    }
    const metadata: Record<string, unknown> = isRecord(value.metadata) ? value.metadata : {};
    const annotations: Record<string, string> = {};
    if (isRecord(metadata.annotations))
      for (const [k, v] of Object.entries(metadata.annotations))
        // Kubernetes takes strings only; a map or list written there is kept, as JSON, so that an access
        // control given that way is still seen (and reported) rather than dropped.
        if (v !== null && v !== undefined)
          annotations[k] =
            typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
    const spec: Record<string, unknown> = isRecord(value.spec) ? value.spec : {};
    const className =
      typeof spec.ingressClassName === 'string' ? spec.ingressClassName : (annotations[classAnnotation] ?? null);
    out.ingresses.push({
      source,
      name: source.name ?? `ingress-${i + 1}`,
      namespace: source.namespace,
      spec,
      annotations,
      className,
      lineOf: (path) => source.lineOf(path),
    });
  });
  return out;
}
