// A curation note is bound to the values of the fields it speaks of, as they were when it was last read
// (seed/reviewed-notes.yaml): a value changed by curation or filled in by the generated index stops the load at
// the note, and `npm run seed:notes -- --reviewed` records a new reading.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadSeed } from '../../src/seed/load';
import { seedDir, projectRoot } from '../../src/config';
import { noteBindings } from '../../src/seed/note-bindings';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

const IPADDRESS = 'API version networking.k8s.io/v1beta1 IPAddress';

describe('the real seed', () => {
  it('has every note that speaks of a field reviewed against its values today', () => {
    const b = loadSeed(seedDir());
    const bound = noteBindings(b);
    expect(bound.length).toBeGreaterThan(400);
    // The note of a beta whose removal the index fills in speaks of that removal, and is bound to it.
    expect(bound.find((n) => n.record === IPADDRESS)!.values).toMatchObject({
      removedIn: '1.37',
      deprecatedIn: '1.34',
    });
  });
});

describe('a value that changes under its note stops the load at the note', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it('filled in by the generated index after the note was read', () => {
    // As the note was before: written while the record had no removal, which the index later filled in.
    copy.edit('reviewed-notes.yaml', (t) =>
      t.replace(
        /^("API version networking\.k8s\.io\/v1beta1 IPAddress": .*)"removedIn":"1\.37"/m,
        '$1"removedIn":null',
      ),
    );
    const [p, ...rest] = problemsOf(copy.seed);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ file: 'seed/api-versions/networking-churn.yaml', record: IPADDRESS, field: 'notes' });
    expect(p.message).toMatch(/it was read when removedIn was null, and removedIn is now "1\.37"/);
    expect(p.message).toContain(`npm run seed:notes -- --reviewed "${IPADDRESS}"`);
  });

  it('changed by curation, and a new note never read', () => {
    copy.edit('api-versions/other.yaml', (t) =>
      t.replace(/(kind: "CustomResourceDefinition"\n(?:  .*\n)*?  removedIn: )"1\.22"/, '$1"1.23"'),
    );
    copy.edit('flags/kube-proxy.yaml', (t) =>
      t.replace(/(name: --ipvs-udp-timeout\n(?:  .*\n)*?  notes: ")/, '$1Use the nftables mode instead. '),
    );
    const problems = problemsOf(copy.seed);
    const at = (record: string) => problems.filter((p) => p.record === record && p.field === 'notes');
    expect(at('API version apiextensions.k8s.io/v1beta1 CustomResourceDefinition')[0].message).toMatch(
      /it was read when removedIn was "1\.22", and removedIn is now "1\.23"/,
    );
    expect(at('flag kube-proxy --ipvs-udp-timeout')[0].message).toMatch(
      /now speaks of replacements, which its review did not cover/,
    );
  });

  it('loads again once the note is recorded as read, and a review of nothing is refused', () => {
    copy.edit('reviewed-notes.yaml', (t) =>
      t.replace(
        /^("API version networking\.k8s\.io\/v1beta1 IPAddress": .*)"removedIn":"1\.37"/m,
        '$1"removedIn":null',
      ),
    );
    const run = (...args: string[]) =>
      spawnSync('npx', ['tsx', join(projectRoot(), 'src/cli/seed-notes.ts'), ...args], {
        env: { ...process.env, NETKB_SEED_DIR: copy.seed },
        encoding: 'utf8',
      });
    const before = run();
    expect(before.status).toBe(1);
    expect(before.stdout).toMatch(
      /^1 note to read again:\n.*IPAddress field "notes": it was read when removedIn was null/,
    );
    const unknown = run('--reviewed', 'API version v9 Nothing');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/no curated note of "API version v9 Nothing"/);
    const after = run('--reviewed', IPADDRESS);
    expect(after.status).toBe(0);
    expect(after.stdout).toMatch(/every curation note is reviewed/);
    expect(readFileSync(join(copy.seed, 'reviewed-notes.yaml'), 'utf8')).toMatch(
      /^"API version networking\.k8s\.io\/v1beta1 IPAddress": .*"removedIn":"1\.37"/m,
    );
    expect(() => loadSeed(copy.seed)).not.toThrow();
    copy.edit('reviewed-notes.yaml', (t) => `${t}"flag kube-proxy --no-such-flag": {"removedIn":null}\n`);
    expect(problemsOf(copy.seed)[0].message).toMatch(/no curated note of this record speaks of a reviewed field/);
  });
});
