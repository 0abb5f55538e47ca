// Reads a per-gate page of the Kubernetes website
// (content/en/docs/reference/command-line-tools-reference/feature-gates/<Gate>.md): its front matter names
// the gate (`title`), its stages (`stage`, `defaultValue`, `fromVersion`, `toVersion`, `locked`) and whether
// the gate was removed (`removed: true`, after the last toVersion). Only the front matter is read.
import { parse } from 'yaml';
import type { GatePage, ReferenceStage } from '../../seed/gate-reference-index';
import { pageKnownThrough } from '../../seed/gate-reference-index';
import { formatVersion, parseVersion } from '../../kb/version';
import { SourceFormatError } from './feature-list';

const STAGE: Record<string, ReferenceStage> = {
  alpha: 'ALPHA',
  beta: 'BETA',
  stable: 'GA',
  ga: 'GA',
  deprecated: 'DEPRECATED',
};

/** A version as pages write it ("1.30", 1.3 unquoted would be a number: refused). */
function release(value: unknown, where: string): string {
  if (typeof value === 'string' && /^\d+\.\d+$/.test(value.trim())) return value.trim();
  throw new SourceFormatError(`${where}: ${JSON.stringify(value)} is not a release written as "1.30"`);
}

/** The facts of one page; `source` and `commit` say where it was read. */
export function readGatePage(text: string, file: string, at: { source: string; commit: string }): GatePage {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(text);
  if (!m) throw new SourceFormatError(`${file}: no front matter between --- lines`);
  let front: Record<string, unknown>;
  try {
    front = parse(m[1]) as Record<string, unknown>;
  } catch (err) {
    throw new SourceFormatError(`${file}: the front matter is not YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const name = front?.title;
  if (typeof name !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(name))
    throw new SourceFormatError(`${file}: no gate name in title`);
  if (!Array.isArray(front.stages) || front.stages.length === 0)
    throw new SourceFormatError(`${file}: ${name} has no stages`);
  const stages = (front.stages as Record<string, unknown>[]).map((s, i) => {
    const where = `${file}: ${name} stage ${i + 1}`;
    const stage = STAGE[(typeof s?.stage === 'string' ? s.stage : '').trim().toLowerCase()];
    if (!stage) throw new SourceFormatError(`${where}: unknown stage ${JSON.stringify(s?.stage)}`);
    if (typeof s.defaultValue !== 'boolean') throw new SourceFormatError(`${where}: defaultValue is not true or false`);
    if (s.locked !== undefined && typeof s.locked !== 'boolean')
      throw new SourceFormatError(`${where}: locked is not true or false`);
    const from = release(s.fromVersion, `${where} fromVersion`);
    const to = s.toVersion === undefined || s.toVersion === null ? null : release(s.toVersion, `${where} toVersion`);
    if (to !== null && parseVersion(to) < parseVersion(from))
      throw new SourceFormatError(`${where}: toVersion ${to} comes before fromVersion ${from}`);
    return { stage, defaultEnabled: s.defaultValue, from, to, locked: s.locked ?? null };
  });
  stages.forEach((s, i) => {
    if (s.to === null && i < stages.length - 1)
      throw new SourceFormatError(`${file}: ${name}: only the last stage may have no toVersion`);
  });
  const last = stages[stages.length - 1];
  const removed = front.removed === true;
  if (removed && last.to === null)
    throw new SourceFormatError(`${file}: ${name} says removed, but its last stage has no toVersion to date it`);
  return {
    name,
    source: at.source,
    commit: at.commit,
    knownThrough: pageKnownThrough(stages),
    removedIn: removed ? formatVersion(parseVersion(last.to!) + 1) : null,
    stages,
  };
}
