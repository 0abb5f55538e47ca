// Replacements name records (issue #15): advice writes each alternative with the release it works from, so a
// replacement the knowledge base cannot look up is refused at load, with file, record and field named.
import { rmSync } from 'node:fs';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

describe('replacements are records', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it('an api-fields replacement that is prose or an unknown field of the kind', () => {
    copy.edit('api-fields/service.yaml', (t) =>
      t.replace(
        '  replacement: spec.internalTrafficPolicy, spec.trafficDistribution\n',
        '  replacement: spec.internalTrafficPolicy, topology hints\n',
      ),
    );
    expect(problemsOf(copy.seed)).toEqual([
      expect.objectContaining({
        file: 'seed/api-fields/service.yaml',
        record: 'API field Service spec.topologyKeys',
        field: 'replacement',
        message: expect.stringMatching(/"topology hints" is no api-fields record of Service/),
      }),
    ]);
  });

  it('a flag replacement without a flags record of the same component', () => {
    copy.edit('flags/kube-proxy-1.15.yaml', (t) =>
      t.replace('  replacements: [--cleanup]\n', '  replacements: [--cleanup-everything]\n'),
    );
    expect(problemsOf(copy.seed)).toEqual([
      expect.objectContaining({
        file: 'seed/flags/kube-proxy-1.15.yaml',
        field: 'replacements[0]',
        message: expect.stringMatching(/no flags record for kube-proxy --cleanup-everything/),
      }),
    ]);
  });

  it('a flag value replacement that is not a value of the flag', () => {
    copy.edit('flags/kube-proxy-1.15.yaml', (t) => t.replace('replacement: nftables }', 'replacement: ebpf }'));
    expect(problemsOf(copy.seed)).toEqual([
      expect.objectContaining({
        file: 'seed/flags/kube-proxy-1.15.yaml',
        record: 'flag kube-proxy --proxy-mode',
        field: 'values[2].replacement',
        message: expect.stringMatching(/ebpf is not among the values of --proxy-mode/),
      }),
    ]);
  });
});
