// netkb import gate-history as a process: its usage errors (exit 2, the help on stderr), and a repository
// the source does not name, one it names but is not given, or a folder that is not one, refused without
// writing anything.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { netkb } from '../support/cli';

describe('netkb import gate-history', () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'netkb-gate-history-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('exit 2 without repositories, or for an argument that is not NAME=GIT_DIR', () => {
    const none = netkb(['import', 'gate-history', '--out', out]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/name the repositories to read\n\nUsage: netkb import gate-history NAME=GIT_DIR/);
    const bare = netkb(['import', 'gate-history', '../ceph-csi.git', '--out', out]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/name each repository as NAME=GIT_DIR, such as ceph\/ceph-csi=\.\.\/ceph-csi\.git/);
    expect(netkb(['import', 'gate-history', '--help']).stdout).toMatch(/feature-gates-history-source\.yaml/);
  });

  it('exit 2 for a repository the source does not name, one it names but is not given, and a folder that is not one', () => {
    const other = netkb(['import', 'gate-history', `example/other=${out}`, '--out', out]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /unknown repository example\/other: the source names ceph\/ceph-csi, kubernetes\/autoscaler/,
    );
    const half = netkb(['import', 'gate-history', `ceph/ceph-csi=${out}`, '--out', out]);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/name a git folder for kubernetes\/autoscaler \(NAME=DIR\)/);
    const notGit = netkb([
      'import',
      'gate-history',
      `ceph/ceph-csi=${out}`,
      `kubernetes/autoscaler=${out}`,
      '--out',
      out,
    ]);
    expect(notGit.code).toBe(2);
    expect(notGit.stderr).toMatch(/not a git repository \(give a clone of https:\/\/github\.com\/ceph\/ceph-csi/);
    expect(readdirSync(out)).toEqual([]);
  });
});
