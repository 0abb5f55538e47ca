// Shallow well-known-key records for every key Kubernetes names (the website's well-known keys page and the
// key constants of kubernetes/api, seed/generated/well-known-keys.json) that the curated seed does not keep,
// and the check of the curated records against the same index (issue #28: deprecated keys of every area, and
// "an unknown key under a kubernetes.io/k8s.io prefix is reported"). Pure: the index in, records and problems out.
//
// A generated record states no release: neither source dates anything but the doc comments' deprecation. What
// a generated record says is that the key is Kubernetes' own and that no source read announces a change to it;
// the check below makes sure of the second part for the sources that mark changes:
// - every key the page marks deprecated or non-functional has a curated record with a deprecation or removal;
// - every key whose constant's doc comment calls it deprecated has a curated record deprecated no later than
//   that release (or removed);
// - every key whose constant disappears from kubernetes/api before the newest release read has a curated record;
// - a curated record's type agrees with the constant's file (labels, annotations, taints);
// unless well-known-keys-source.yaml lists the key under `unrecorded` with the reason.
// The release notes are checked for every generated key in test/upstream (a note that deprecates or removes
// one wants a curated record too).
import type { GeneratedKey, Located, SeedProblem } from './bundle';
import type { WellKnownKeyRecord } from './schemas';
import type { WellKnownKeysFile, WellKnownKeysSource } from './well-known-keys-index';
import { parseVersion } from '../kb/version';

const MARKS_OF_CHANGE = new Set(['deprecated', 'non-functional']);

/** Every key of the index the curated records do not have, as a shallow record. */
export function generateKeys(index: WellKnownKeysFile, curated: ReadonlySet<string>): GeneratedKey[] {
  const page = new Map(index.pageKeys.map((k) => [k.key, k]));
  const api = new Map(index.apiKeys.map((k) => [k.key, k]));
  const newest = index.apiReleases[index.apiReleases.length - 1];
  const first = index.apiReleases[0];
  const commitOf = new Map(index.apiReleases.map((r) => [r.release, r.commit]));
  const keys = [...new Set([...page.keys(), ...api.keys()])].filter((k) => !curated.has(k)).sort();
  return keys.map((key): GeneratedKey => {
    const p = page.get(key);
    const a = api.get(key);
    const type = a?.type ?? null;
    const word = type === null ? 'Key' : `${type.charAt(0)}${type.slice(1).toLowerCase()} key`;
    const where = [
      p ? "the website's well-known keys page" : null,
      a ? `a constant of kubernetes/api (${a.file})` : null,
    ]
      .filter(Boolean)
      .join(' and ');
    const notes: string[] = [];
    const sources: string[] = [];
    if (p) {
      notes.push(
        `Named on the well-known keys page as read at ${index.pageSource}${p.mark ? ` (marked "${p.mark}")` : ''}.`,
      );
      sources.push(index.pageSource);
    }
    if (a) {
      const from = a.from === first?.release ? `${a.from} (the first release read) or earlier` : a.from;
      const through = a.through === newest?.release ? `${a.through} (the newest release read)` : a.through;
      notes.push(
        `The constant is in ${a.file} from ${from} through ${through}${a.deprecatedFrom ? `; its doc comment calls it deprecated from ${a.deprecatedFrom}` : ''}.`,
      );
      sources.push(`${index.apiRepository}/blob/${commitOf.get(a.through)}/${a.file}`);
    }
    if (type === null) notes.push('No source read says whether it is a label, an annotation or a taint.');
    notes.push(
      'Neither source dates a change of it and no curated record exists, so the analysis knows the key and reports nothing for it.',
    );
    return {
      key,
      type,
      summary: `${word}${key.endsWith('/*') ? 's under this prefix' : ''} that Kubernetes names in ${where}; no deprecation or removal is recorded.`,
      notes: notes.join(' '),
      sources,
    };
  });
}

/** The curated records against the index: what the sources mark as changed must be curated (see the header). */
export function checkKeysAgainstIndex(
  index: WellKnownKeysFile,
  source: Pick<WellKnownKeysSource, 'unrecorded'>,
  curated: ReadonlyMap<string, Pick<Located<WellKnownKeyRecord>, 'record' | 'file' | 'line'>>,
  problems: SeedProblem[],
): void {
  const file = 'seed/generated/well-known-keys.json';
  const unrecorded = (key: string) => Object.hasOwn(source.unrecorded, key);
  const changed = (r: WellKnownKeyRecord | undefined) => !!r && (r.deprecatedIn != null || r.removedIn != null);
  for (const p of index.pageKeys) {
    if (!p.mark || !MARKS_OF_CHANGE.has(p.mark) || unrecorded(p.key)) continue;
    if (!changed(curated.get(p.key)?.record))
      problems.push({
        file,
        record: p.key,
        message: `the well-known keys page marks ${p.key} "${p.mark}", but no record in seed/well-known-keys/ dates its deprecation or removal: curate it from the release notes, or list it under unrecorded in well-known-keys-source.yaml with the reason`,
      });
  }
  const newest = index.apiReleases[index.apiReleases.length - 1]?.release;
  for (const a of index.apiKeys) {
    if (unrecorded(a.key)) continue;
    const c = curated.get(a.key);
    if (a.deprecatedFrom !== null) {
      const r = c?.record;
      const early =
        r &&
        ((r.deprecatedIn != null && parseVersion(r.deprecatedIn) <= parseVersion(a.deprecatedFrom)) ||
          r.removedIn != null);
      if (!early)
        problems.push({
          file: c?.file ?? file,
          record: a.key,
          line: c?.line,
          message: r
            ? `kubernetes/api calls ${a.key} deprecated from ${a.deprecatedFrom} (${a.file}), but the record dates no deprecation by then and no removal`
            : `kubernetes/api calls ${a.key} deprecated from ${a.deprecatedFrom} (${a.file}), but no record in seed/well-known-keys/ has it: curate it, or list it under unrecorded in well-known-keys-source.yaml with the reason`,
        });
    }
    if (newest && a.through !== newest && !c)
      problems.push({
        file,
        record: a.key,
        message: `the constant of ${a.key} is gone from kubernetes/api after ${a.through} (${a.file}), but no record in seed/well-known-keys/ says what became of the key: curate it, or list it under unrecorded in well-known-keys-source.yaml with the reason`,
      });
    if (c && c.record.type !== a.type)
      problems.push({
        file: c.file,
        record: a.key,
        line: c.line,
        field: 'type',
        message: `${c.record.type} here, but kubernetes/api declares ${a.key} in ${a.file} (a ${a.type.toLowerCase()} key)`,
      });
  }
  for (const key of Object.keys(source.unrecorded))
    if (curated.has(key))
      problems.push({
        file: 'seed/generated/well-known-keys-source.yaml',
        record: key,
        message: `${key} is listed as unrecorded but has a record in seed/well-known-keys/: remove it from unrecorded`,
      });
}
