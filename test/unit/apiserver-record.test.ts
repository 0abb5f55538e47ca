// The API server's record of deprecated API calls (reader/apiserver-record.ts): the metric's series above 0 with
// their labels, the audit events annotated k8s.io/deprecated with their callers, and what is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManifestError } from '../../src/analysis';
import { readDeprecatedApiCalls, readRequestedApiMetrics } from '../../src/analysis/reader/apiserver-record';
import { projectRoot } from '../../src/config';

const fixture = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'apiserver', name), 'utf8');

const refusal = (f: () => unknown): ManifestError => {
  try {
    f();
  } catch (e) {
    if (e instanceof ManifestError) return e;
    throw e;
  }
  throw new Error('not refused');
};

describe('apiserver_requested_deprecated_apis', () => {
  it('reads every series above 0 with its labels and line, once each', () => {
    const apis = readRequestedApiMetrics(fixture('metrics.txt'));
    expect(apis.map((a) => [a.group, a.version, a.resource, a.subresource, a.removedRelease, a.line])).toEqual([
      ['extensions', 'v1beta1', 'ingresses', '', '1.22', 6],
      ['policy', 'v1beta1', 'podsecuritypolicies', '', '1.25', 7],
      ['', 'v1', 'componentstatuses', '', null, 9],
    ]);
  });

  it("reads labels in any order with Prometheus' escapes, and a timestamp after the value", () => {
    const [a] = readRequestedApiMetrics(
      'apiserver_requested_deprecated_apis{version="v1beta1",resource="flowschemas",subresource="status",group="flowcontrol.apiserver.k8s.io",removed_release="1.32",note="a \\"quoted\\" one"} 1 1625410000000\n',
    );
    expect(a).toMatchObject({ group: 'flowcontrol.apiserver.k8s.io', subresource: 'status', removedRelease: '1.32' });
  });

  it('refuses a text that is not in the format, with its line', () => {
    const e = refusal(() => readRequestedApiMetrics('# HELP x\napiVersion: v1\nkind: List\n'));
    expect([e.code, e.line, e.message]).toEqual(['NOT_A_MANIFEST', 2, "line 2 is not in Prometheus' text format"]);
    expect(readRequestedApiMetrics('')).toEqual([]);
  });
});

describe('audit events annotated k8s.io/deprecated', () => {
  it('gathers the callers of each deprecated API, most requests first, and nothing of the bodies', () => {
    const apis = readDeprecatedApiCalls(fixture('audit.log'));
    expect(apis.map((a) => [a.group, a.version, a.resource, a.removedRelease, a.line, a.callers])).toEqual([
      [
        'extensions',
        'v1beta1',
        'ingresses',
        '1.22',
        1,
        [
          {
            user: 'system:serviceaccount:ingress:controller',
            userAgent: 'nginx-ingress-controller/v0.26.1',
            verbs: ['list', 'watch'],
            requests: 2,
          },
        ],
      ],
      [
        'batch',
        'v1beta1',
        'cronjobs',
        '1.25',
        4,
        [
          {
            user: 'system:serviceaccount:ops:deployer',
            userAgent: 'Go-http-client/2.0',
            verbs: ['create'],
            requests: 1,
          },
        ],
      ],
    ]);
    expect(JSON.stringify(apis)).not.toContain('s3cr3t-never-shown');
  });

  it('passes over lines that are not events, and refuses a file with no event at all', () => {
    expect(readDeprecatedApiCalls('not json\n{"kind":"Event","annotations":{}}\n{broken\n')).toEqual([]);
    const e = refusal(() => readDeprecatedApiCalls('apiVersion: v1\nkind: List\n'));
    expect(e.code).toBe('NOT_A_MANIFEST');
    expect(e.message).toMatch(/no audit event in it/);
  });
});
