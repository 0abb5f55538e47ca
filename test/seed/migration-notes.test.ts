// api-versions migrationNotes against the differences of the types (src/seed/cross-check/migration-notes.ts):
// a note names the fields of its own version and of the one it moves to, in backticks; a field neither has is
// refused, a field both have alike needs a source (a sourceOverrides entry naming it), a dotted path outside
// backticks is refused, and a field the replacement drops that nothing names is reported.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadSeed, type SeedProblem } from '../../src/seed/load';
import { seedDir } from '../../src/config';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

/** The migrationNotes line of one record of a seed file, replaced. */
const withNotes = (apiVersion: string, kind: string, notes: string) => (text: string) =>
  text.replace(
    new RegExp(
      `(- apiVersion: "${apiVersion.replace(/[./]/g, '\\$&')}"\\n  kind: "${kind}"\\n(?:  .*\\n)*?)  migrationNotes: .*\\n`,
    ),
    (_m, head: string) => `${head}  migrationNotes: ${JSON.stringify(notes)}\n`,
  );

const about = (problems: SeedProblem[], record: string) =>
  problems.filter((p) => p.record === record && p.field === 'migrationNotes');

describe('the real seed', () => {
  const x = loadSeed(seedDir()).crossCheck!;

  it('checks the migration notes of the indexed kinds, and every field a replacement drops is named', () => {
    expect(x.migrationNotes.checked).toBeGreaterThan(25);
    expect(x.migrationNotes.gaps).toEqual([]);
  });
});

describe('a migration note that does not fit its version', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it('naming a field the version never had is refused; the same note on a version that had it loads', () => {
    const note = 'apps/v1 has no `spec.rollbackTo`; roll back with kubectl rollout undo.';
    copy.edit('api-versions/apps.yaml', withNotes('apps/v1beta2', 'Deployment', note));
    const [p, ...more] = about(problemsOf(copy.seed), 'API version apps/v1beta2 Deployment');
    expect(more).toEqual([]);
    expect(p).toMatchObject({ file: 'seed/api-versions/apps.yaml' });
    expect(p.message).toMatch(
      /names `spec\.rollbackTo`, but apps\/v1beta2 and apps\/v1 Deployment have no such field in any release read/,
    );
    // The versions that do have it are named, so the curator sees where the sentence was copied from.
    expect(p.message).toMatch(/only .*apps\/v1beta1.*extensions\/v1beta1|only .*extensions\/v1beta1.*apps\/v1beta1/);

    // extensions/v1beta1 had the field and apps/v1 drops it: a difference of the types, accepted.
    copy.edit('api-versions/apps.yaml', () => readFileSync(join(seedDir(), 'api-versions', 'apps.yaml'), 'utf8'));
    copy.edit('api-versions/extensions.yaml', (t) =>
      t.replace(
        'migrationNotes: "apps/v1 has no `spec.rollbackTo` (roll back',
        'migrationNotes: "apps/v1 has no `spec.rollbackTo` (nor `spec.rollbackTo.revision`; roll back',
      ),
    );
    expect(() => loadSeed(copy.seed)).not.toThrow();
  });

  it('a path written relative to the object is resolved too: `rollbackTo` on apps/v1beta2 is refused', () => {
    copy.edit('api-versions/apps.yaml', withNotes('apps/v1beta2', 'Deployment', 'apps/v1 drops `rollbackTo`.'));
    const [p] = about(problemsOf(copy.seed), 'API version apps/v1beta2 Deployment');
    expect(p.message).toMatch(/names `rollbackTo`, but .* have no such field/);
  });

  it('a dotted field path outside backticks is refused, so the check cannot be bypassed', () => {
    copy.edit('api-versions/apps.yaml', withNotes('apps/v1beta2', 'Deployment', 'apps/v1 has no spec.rollbackTo.'));
    const [p] = about(problemsOf(copy.seed), 'API version apps/v1beta2 Deployment');
    expect(p.message).toMatch(
      /names the field spec\.rollbackTo outside backticks: write field paths as `spec\.rollbackTo`/,
    );
  });

  it('a field both versions have alike needs a source; an override naming it explains it, and goes stale with it', () => {
    const note = 'apps/v1 makes `spec.selector` required and fixed after creation.';
    copy.edit('api-versions/apps.yaml', withNotes('apps/v1beta2', 'ReplicaSet', note));
    const [p] = about(problemsOf(copy.seed), 'API version apps/v1beta2 ReplicaSet');
    expect(p.message).toMatch(
      /names `spec\.selector`, a field apps\/v1beta2 and apps\/v1 have alike in every release they are served together/,
    );
    expect(p.message).toMatch(
      /sourceOverrides: \[\{ field: migrationNotes, source, why \}\] whose why names `spec\.selector`/,
    );

    // An override for migrationNotes whose why names another field explains nothing here.
    const override = (path: string) =>
      '  sourceOverrides:\n    - field: migrationNotes\n      source: https://github.com/kubernetes/kubernetes/pull/50719\n' +
      `      why: A test override that says what changes for \`${path}\`.\n`;
    const addOverride = (path: string) => (t: string) =>
      t.replace(
        /(- apiVersion: "apps\/v1beta2"\n  kind: "ReplicaSet"\n(?:  (?!sources:).*\n)*)(  sources:)/,
        (_m, head: string, tail: string) => `${head}${override(path)}${tail}`,
      );
    copy.edit('api-versions/apps.yaml', addOverride('spec.minReadySeconds'));
    expect(about(problemsOf(copy.seed), 'API version apps/v1beta2 ReplicaSet')).toHaveLength(1);

    copy.edit('api-versions/apps.yaml', (t) =>
      t.replace('says what changes for `spec.minReadySeconds`', 'says what changes for `spec.selector`'),
    );
    expect(() => loadSeed(copy.seed)).not.toThrow();

    // The note no longer names the field: the override explains nothing and is refused.
    copy.edit('api-versions/apps.yaml', withNotes('apps/v1beta2', 'ReplicaSet', 'Only the apiVersion changes.'));
    const stale = problemsOf(copy.seed).filter((q) => q.record === 'API version apps/v1beta2 ReplicaSet');
    expect(stale).toEqual([
      expect.objectContaining({ field: 'sourceOverrides[0]', message: expect.stringMatching(/remove the override/) }),
    ]);
  });

  it('a field the replacement drops that neither the notes nor the conversion name is reported', () => {
    copy.edit('api-versions/extensions.yaml', (t) =>
      t
        .replace('migrationNotes: "apps/v1 has no `spec.templateGeneration`. ', 'migrationNotes: "')
        .replace(/      - remove: spec\.templateGeneration\n        why: .*\n/, ''),
    );
    const x = loadSeed(copy.seed).crossCheck!;
    expect(x.migrationNotes.gaps).toEqual([
      expect.stringMatching(
        /^seed\/api-versions\/extensions\.yaml:\d+: API version extensions\/v1beta1 DaemonSet: apps\/v1 has no `spec\.templateGeneration` \(extensions\/v1beta1 has it in 1\.9-1\.15\)/,
      ),
    ]);
  });
});
