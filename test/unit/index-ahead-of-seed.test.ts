// The generated index reads the development branch as the release after the newest tag, so it can state
// facts of a release the seed does not have yet. The check against it must not state them: no generated
// api-versions record, and no filled date, after the newest release in releases.yaml (the loader refuses
// such a version, so the seed would not load until the release is added).
import { crossCheck } from '../../src/seed/cross-check';
import type { SeedProblem } from '../../src/seed/load';
import { tinyBundle, tinyIndex } from '../support/tiny-seed';

const index = tinyIndex({
  order: ['1.35', '1.36', '1.37'],
  apiVersions: [
    { apiVersion: 'example.k8s.io/v1', kind: 'Widget', registeredIn: ['1.35-1.37'], markers: null },
    { apiVersion: 'example.k8s.io/v1', kind: 'Gadget', registeredIn: ['1.37'], markers: null },
  ],
  fields: { Service: { v1: { 'spec.foo': { present: ['1.35-1.36'] }, 'spec.bar': { present: ['1.36-1.37'] } } } },
});
const fields = () => [
  { kind: 'Service', path: 'spec.foo', summary: 'A field that goes away in 1.37.', sources: ['https://example.com/'] },
  { kind: 'Service', path: 'spec.bar', summary: 'A field that comes in 1.36.', sources: ['https://example.com/'] },
];

describe('the check against an index that reads past the newest release on record', () => {
  it('generates no record for a group/version/kind first served after the newest release', () => {
    const b = tinyBundle({ releases: ['1.35', '1.36'] });
    const problems: SeedProblem[] = [];
    crossCheck(b, index, problems);
    expect(problems).toEqual([]);
    expect(b.apiVersions.map((l) => l.record.kind)).toEqual(['Widget']);
    // Once the release is on record, the record is generated.
    const later = tinyBundle({ releases: ['1.35', '1.36', '1.37'] });
    crossCheck(later, index, []);
    expect(later.apiVersions.find((l) => l.record.kind === 'Gadget')?.record.introducedIn).toBe('1.37');
  });

  it('fills no field date after the newest release, and the earlier ones as before', () => {
    const b = tinyBundle({ releases: ['1.35', '1.36'], apiFields: fields() });
    crossCheck(b, index, []);
    expect(b.apiFields.map((l) => [l.record.path, l.record.introducedIn, l.record.removedIn])).toEqual([
      ['spec.foo', undefined, undefined],
      ['spec.bar', '1.36', undefined],
    ]);
    const later = tinyBundle({ releases: ['1.35', '1.36', '1.37'], apiFields: fields() });
    crossCheck(later, index, []);
    expect(later.apiFields[0].record.removedIn).toBe('1.37');
  });
});
