// netkb release propose as a process of the compiled CLI, on the real seed (whose newest release is 1.37):
// the review list and YAML of 1.38 from a small notes file, and the refusals.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { netkb } from '../support/cli';

const notes = join(projectRoot(), 'test', 'fixtures', 'notes', 'release-notes-9.1.md');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-release-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('netkb release propose', () => {
  it('writes the review list and the YAML per seed file, and says what the sources do not cover yet', () => {
    const out = join(dir, 'proposal');
    const r = netkb(['release', 'propose', '1.38', '--notes', notes, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^proposed for 1\.38: \d+ feature gates, \d+ API versions \(\d+ stated by the loader\)/);
    const review = readFileSync(join(out, 'README.md'), 'utf8');
    expect(review).toMatch(/^# Kubernetes 1\.38: what its sources add to the seed/);
    expect(review).toContain('No feature-gate list names 1.38');
    expect(review).toContain('The generated index stops at 1.37');
    // The SIG-Network entries of the file, each once; the storage entry is left out.
    expect(review).toContain('- [ ] #900001 URGENT_UPGRADE_NOTE (action required): flag:kube-proxy --conntrack-max');
    expect(review).not.toContain('#900003');
    const changes = readFileSync(join(out, 'seed', 'changes', '1.38.yaml'), 'utf8');
    expect(changes).toMatch(/^# Kubernetes 1\.38: the release's note entries/);
    expect(changes).toContain('  - prs: [900002]\n    kind: DEPRECATION\n    summary: ""');
    expect(existsSync(join(out, 'seed', 'releases.yaml'))).toBe(true);
  });

  it('prints the proposal as JSON', () => {
    const r = netkb(['release', 'propose', '1.38', '--notes', notes, '--format', 'json']);
    expect(r.code).toBe(0);
    const p = JSON.parse(r.stdout);
    expect(p).toMatchObject({ release: '1.38', previous: '1.37', releaseRecord: { version: '1.38' } });
    expect(p.changes.map((c: { id: string }) => c.id)).toEqual(['900001', '900002', '900004']);
  });

  it('refuses a release on record, a release that skips one, no notes, and an unknown subcommand', () => {
    const onRecord = netkb(['release', 'propose', '1.37', '--notes', notes]);
    expect(onRecord.code).toBe(2);
    expect(onRecord.stderr).toMatch(/release 1\.37 is on record already/);
    const skips = netkb(['release', 'propose', '1.39', '--notes', notes]);
    expect(skips.code).toBe(2);
    expect(skips.stderr).toMatch(/propose 1\.38 first/);
    const noNotes = netkb(['release', 'propose', '1.38']);
    expect(noNotes.code).toBe(2);
    expect(noNotes.stderr).toMatch(/--notes is required/);
    const what = netkb(['release', 'rebuild']);
    expect(what.code).toBe(2);
  });
});
