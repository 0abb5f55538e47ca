// The conversion data of the seed (api-versions `conversion`, flags `conversion`) is checked like every
// other record: a bad one is refused with file, record and field named, and nothing is written.
import { rmSync } from 'node:fs';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

describe('conversion records are validated', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it('a conversion to a version that has no record', () => {
    copy.edit('api-versions/extensions.yaml', (t) =>
      t.replace('  conversion:\n    to: "networking.k8s.io/v1"\n', '  conversion:\n    to: "networking.k8s.io/v2"\n'),
    );
    expect(problemsOf(copy.seed)).toEqual([
      expect.objectContaining({
        file: 'seed/api-versions/extensions.yaml',
        record: 'API version extensions/v1beta1 NetworkPolicy',
        field: 'conversion.to',
        message: expect.stringMatching(/no api-versions record for networking\.k8s\.io\/v2 NetworkPolicy/),
      }),
    ]);
  });

  it('a transform that is not written in src/convert/transforms', () => {
    copy.edit('api-versions/discovery.yaml', (t) =>
      t.replace('transform: endpointslice-topology', 'transform: endpointslice-topolgy'),
    );
    expect(problemsOf(copy.seed)).toEqual([
      expect.objectContaining({
        file: 'seed/api-versions/discovery.yaml',
        field: 'conversion.steps[0].transform',
        message: expect.stringMatching(/no transform named endpointslice-topolgy .*known: endpointslice-topology/),
      }),
    ]);
  });

  it('a step of an unknown shape', () => {
    copy.edit('api-versions/extensions.yaml', (t) =>
      t.replace('      - remove: spec.rollbackTo\n', '      - delete: spec.rollbackTo\n'),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ file: 'seed/api-versions/extensions.yaml', record: expect.stringMatching(/Deployment/) });
    expect(p.field).toMatch(/^conversion\.steps\[1\]/);
  });

  it('a move that loses a list level', () => {
    copy.edit('api-versions/networking.yaml', (t) =>
      t.replace(
        '        to: spec.rules[].http.paths[].backend.service.name\n',
        '        to: spec.defaultBackend.service.name\n',
      ),
    );
    expect(problemsOf(copy.seed)).toEqual([
      expect.objectContaining({
        field: expect.stringMatching(/^conversion\.steps\[\d+\]\.to$/),
        message: expect.stringMatching(/as many \[\]/),
      }),
    ]);
  });

  it('conversions that form a cycle', () => {
    copy.edit('api-versions/networking.yaml', (t) =>
      t.replace(
        /(- apiVersion: "networking\.k8s\.io\/v1"\n  kind: "IngressClass"\n)/,
        '$1  conversion:\n    to: "networking.k8s.io/v1beta1"\n',
      ),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.some((p) => p.field === 'conversion.to' && /cycle/.test(p.message))).toBe(true);
  });

  it('a flag conversion naming a flag that has no record', () => {
    copy.edit('flags/kube-proxy-1.15.yaml', (t) =>
      t.replace('--conntrack-max-per-core=1]', '--conntrack-max-per-cpu=1]'),
    );
    expect(problemsOf(copy.seed)).toEqual([
      expect.objectContaining({
        file: 'seed/flags/kube-proxy-1.15.yaml',
        record: 'flag kube-proxy --conntrack-max',
        field: 'conversion[1].args[1]',
        message: 'no flags record for kube-proxy --conntrack-max-per-cpu',
      }),
    ]);
  });
});
