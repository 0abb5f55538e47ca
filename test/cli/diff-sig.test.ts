// netkb diff FROM TO --sig SIG as a process: the SIG filter keeps the flags and API versions the SIG owns
// (seed/sig-owners.yaml) and says how many it left out in every format; the action-required list is ranked,
// the kube-proxy userspace removal (#112133, 1.26) first and the e2e Ginkgo v2 note (#109111, 1.25) last.
import { netkb } from '../support/cli';

const run = (format: string) => {
  const r = netkb(['diff', '1.24', '1.29', '--sig', 'Network', '--format', format]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
};

describe('netkb diff 1.24 1.29 --sig Network', () => {
  it('json: no klog flag, only Network API versions, the counts of what was left out, a ranked action list', () => {
    const out = JSON.parse(run('json'));
    expect(out.removedFlags.map((f: any) => `${f.component} ${f.name}`)).toEqual(['kube-proxy --udp-timeout']);
    expect(out.removedApiVersions.map((a: any) => a.apiVersion).sort()).toEqual([
      'discovery.k8s.io/v1beta1',
      'networking.k8s.io/v1alpha1',
    ]);
    expect(out.sigFilter).toMatchObject({ sig: 'Network', keptWithoutOwner: [] });
    expect(out.sigFilter.removedFlagsLeftOut).toBeGreaterThan(40);
    expect(out.sigFilter.removedApiVersionsLeftOut).toBeGreaterThan(15);
    const action = out.actionRequired.map((n: any) => ({ prs: n.prs, rank: n.rank }));
    expect(action[0]).toEqual({ prs: [112133], rank: 'REMOVES' });
    expect(action[action.length - 1]).toEqual({ prs: [109111], rank: 'NO_COMPONENT' });
  });

  it('table: says what the filter left out, then the ranked action list with the userspace removal first', () => {
    const out = run('table');
    expect(out).toMatch(
      /SIG Network: left out \d+ removed and \d+ deprecated flags, \d+ removed and \d+ deprecated API versions/,
    );
    const block = out.split('\n\n').find((b) => b.startsWith('Action required'))!;
    const rows = block.split('\n').slice(2);
    expect(rows[0]).toMatch(/^1\.26 +#112133 +kube-proxy's userspace proxy mode/);
    expect(rows[rows.length - 1]).toMatch(/#109111 +The end-to-end test suite/);
    expect(out).not.toMatch(/--logtostderr/);
  });

  it('markdown: the chat message says how many flags and API versions of other SIGs it left out', () => {
    const out = run('markdown');
    expect(out).toMatch(/SIG Network: left out \d+ flags and \d+ API versions of other SIGs/);
    expect(out.indexOf('#112133')).toBeLessThan(out.indexOf('Feature gates'));
  });
});
