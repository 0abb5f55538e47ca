// Helm 3 releases in the input (reader/helm-releases.ts): the deployed revision's objects in place of the Secret or
// ConfigMap that stores it, named after the release; other revisions not decoded; a release that cannot be decoded
// said as a skipped document without a word of its data; a gzip bomb refused.
import { stringify } from 'yaml';
import { gzipSync } from 'node:zlib';
import { readManifest, ManifestError } from '../../src/analysis';
import { encodeRelease, releaseConfigMap, releaseJson, releaseSecret, type ReleaseSpec } from '../support/helm-release';

const MANIFEST = `---
# Source: web/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
  - port: 80
---
# Source: web/templates/ingress.yaml
apiVersion: networking.k8s.io/v1beta1
kind: Ingress
metadata:
  name: web
  namespace: edge
`;
const spec = (over: Partial<ReleaseSpec> = {}): ReleaseSpec => ({
  name: 'web',
  namespace: 'shop',
  revision: 3,
  status: 'deployed',
  chart: { name: 'web', version: '1.2.0' },
  manifest: MANIFEST,
  config: { password: 'do-not-print-me' },
  ...over,
});
const read = (...objects: Record<string, unknown>[]) => readManifest(objects.map((o) => stringify(o)).join('---\n'));

describe('Helm releases', () => {
  it("reads the deployed revision's objects, each named after the release, its template and manifest line", () => {
    const m = read(releaseSecret(spec()));
    expect(m.objects.map((o) => [o.kind, o.name, o.namespace, o.line])).toEqual([
      ['Service', 'web', 'shop', 15],
      ['Ingress', 'web', 'edge', 15],
    ]);
    expect(m.objects[1].origin).toEqual({
      source: 'HELM_RELEASE',
      liveApiVersion: null,
      helmRelease: {
        namespace: 'shop',
        name: 'web',
        revision: 3,
        chart: 'web-1.2.0',
        template: 'web/templates/ingress.yaml',
        manifestLine: 12,
      },
      apiRequest: null,
    });
    expect(m.skipped).toEqual([]);
  });

  it('reads a ConfigMap of the configmap storage, and a release stored before Helm gzipped them', () => {
    expect(read(releaseConfigMap(spec())).objects.map((o) => o.kind)).toEqual(['Service', 'Ingress']);
    const plain = releaseSecret(spec(), Buffer.from(releaseJson(spec())).toString('base64'));
    expect(read(plain).objects.map((o) => o.kind)).toEqual(['Service', 'Ingress']);
  });

  it('decodes no other revision, by its status label or, without labels, by the release info', () => {
    for (const status of ['superseded', 'failed', 'uninstalled', 'pending-upgrade'] as const)
      expect(read(releaseSecret(spec({ status }))).objects).toEqual([]);
    const unlabelled = releaseSecret(spec({ status: 'superseded' }));
    delete (unlabelled.metadata as Record<string, unknown>).labels;
    expect(read(unlabelled).objects).toEqual([]);
  });

  it('says a release it cannot decode was not checked, quoting nothing of its data', () => {
    const cases: [string, string, RegExp][] = [
      ['not base64', '%%% do-not-print-me', /is not base64/],
      ['not gzip', Buffer.from('\u001f\u008b\u0008do-not-print-me', 'latin1').toString('base64'), /is not valid gzip/],
      ['not JSON', encodeRelease('{"name": do-not-print-me'), /does not decode to JSON/],
      [
        'bad YAML',
        encodeRelease(releaseJson(spec({ manifest: 'a: [do-not-print-me' }))),
        /manifest of .* is not valid YAML/,
      ],
    ];
    for (const [label, encoded, reason] of cases) {
      const m = read(releaseSecret(spec(), encoded));
      expect([label, m.objects]).toEqual([label, []]);
      expect(m.skipped).toHaveLength(1);
      expect(m.skipped[0].reason).toMatch(reason);
      expect(m.skipped[0].reason).toMatch(/^.*the Helm release shop\/web revision 3.*not checked|manifest/);
      expect(JSON.stringify(m.skipped)).not.toContain('do-not-print-me');
    }
  });

  it('refuses a release that decompresses beyond the limit (a gzip bomb) as TOO_LARGE, fast', () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }).toString('base64');
    let error: unknown;
    try {
      readManifest(stringify(releaseSecret(spec(), bomb)), {
        maxBytes: 5 * 1024 * 1024,
        maxAliasCount: 100,
        maxDepth: 64,
        maxObjects: 1000,
        maxDecodedBytes: 1024 * 1024,
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).code).toBe('TOO_LARGE');
    expect((error as ManifestError).message).toMatch(
      /the Helm release shop\/web revision 3 decompresses to more than 1048576 bytes/,
    );
  });
});
