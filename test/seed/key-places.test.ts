// kinds.yaml keyPlaces: every place of a kind the generated field index knows is a field of that kind in
// Kubernetes' own types (the index, not our memory), and malformed or repeated places are refused by the loader.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { seedDir } from '../../src/config';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

interface KindEntry {
  kind: string;
  podTemplate?: string;
  keyPlaces?: { path: string; holds: string }[];
}

const kinds = parse(readFileSync(join(seedDir(), 'kinds.yaml'), 'utf8')) as KindEntry[];
const index = JSON.parse(readFileSync(join(seedDir(), 'generated', 'api-fields.json'), 'utf8')) as {
  fields: { kind: string; paths: Record<string, unknown> }[];
};
const fieldsOf = (kind: string) =>
  new Set(index.fields.filter((f) => f.kind === kind).flatMap((f) => Object.keys(f.paths)));

describe('kinds.yaml keyPlaces', () => {
  const checked = kinds.filter((k) => (k.keyPlaces ?? []).length > 0 && fieldsOf(k.kind).size > 0);

  it('covers the kinds the field index knows (Pod, Node, Service)', () => {
    expect(checked.map((k) => k.kind).sort()).toEqual(['Node', 'Pod', 'Service']);
  });

  it.each(checked.map((k) => [k.kind, k] as const))('%s: every place is a field of the kind', (kind, entry) => {
    const known = fieldsOf(kind);
    const missing = entry.keyPlaces!.map((p) => p.path).filter((p) => !known.has(p));
    expect(missing).toEqual([]);
  });
});

describe('a bad key place is refused', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it('a map place written as a list item', () => {
    copy.edit('kinds.yaml', (t) => t.replace('- path: spec.nodeSelector\n', '- path: spec.nodeSelector[]\n'));
    const problems = problemsOf(copy.seed);
    expect(
      problems.some((p) => p.file === 'seed/kinds.yaml' && /must end at the map or list itself/.test(p.message)),
    ).toBe(true);
  });

  it('the same path twice for a kind', () => {
    copy.edit('kinds.yaml', (t) =>
      t.replace('- path: spec.tolerations[].key\n', '- path: spec.topologySpreadConstraints[].topologyKey\n'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'seed/kinds.yaml',
          record: 'kind Pod',
          message: 'spec.topologySpreadConstraints[].topologyKey is listed twice',
        }),
      ]),
    );
  });
});
