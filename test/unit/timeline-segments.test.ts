// The dashboard's gate timeline draws bars only for the releases a gate's record says something of: a
// generated record known through 1.35 has no bar for 1.36 and 1.37 (web/src/views/timeline.ts, segments).
import { segments, type Gate } from '../../web/src/views/timeline';

const stage = (s: string, since: string, until: string | null) => ({
  stage: s,
  defaultEnabled: true,
  lockedToDefault: false,
  since,
  until,
});

const base = {
  name: 'SomeGate',
  summary: 's',
  sigs: [],
  components: [],
  kep: null,
  kepUrl: null,
  removedIn: null,
  changes: [],
} as unknown as Gate;

it('draws no bar where a generated record is not known, and every release of a curated one', () => {
  const releases = ['1.33', '1.34', '1.35', '1.36', '1.37'];
  const generated = {
    ...base,
    generated: true,
    introducedIn: null,
    knownThrough: '1.35',
    lifecycle: [stage('BETA', '1.34', null)],
  } as unknown as Gate;
  // 1.33 is before its first stage with no known introduction, 1.36 and 1.37 past what it is known through.
  expect(segments(generated, releases).map((s) => [s.start, s.end])).toEqual([[1, 3]]);
  const curated = { ...generated, generated: false, introducedIn: '1.34', knownThrough: null } as unknown as Gate;
  expect(segments(curated, releases).map((s) => [s.start, s.end])).toEqual([[1, 5]]);
});
