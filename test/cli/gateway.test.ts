// `netkb gateway` as a process (the compiled CLI over the run's seeded database): the objects on stdout or
// -o, the change list on stderr, --format json, --gateway-class, and exit codes 0 (converted), 1 (something
// at or above --fail-on left unconverted) and 2 (bad input or usage).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { netkb } from '../support/cli';

const fixtures = join(projectRoot(), 'test', 'fixtures', 'gateway');
const fixture = (name: string, file = 'in.yaml') => join(fixtures, name, file);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-gateway-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('netkb gateway', () => {
  it('writes the Gateway API objects to stdout and the changes to stderr; exit 0 when nothing breaking is left', () => {
    const r = netkb(['gateway', fixture('path-types')]);
    expect(r.stderr).toContain('not converted');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(fixture('path-types', 'out.yaml'), 'utf8'));
    expect(r.stderr).toMatch(/made {9}.*in\.yaml:14 {2}path \/healthz \(Exact\) -> Exact \/healthz/);
    expect(r.stderr).toMatch(/not converted .*in\.yaml:42 {2}Annotation nginx\.ingress\.kubernetes\.io\/use-regex/);
  });

  it('exits 1 when something breaking is left, 0 with --fail-on none; -o writes the file', () => {
    const out = join(dir, 'gateway.yaml');
    const r = netkb(['gateway', fixture('unconvertible'), '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(fixture('unconvertible', 'out.yaml'), 'utf8'));
    expect(r.stderr).toMatch(/NOT CONVERTED .*in\.yaml:21 {2}The rewrite of path/);
    expect(netkb(['gateway', fixture('tls-rewrite-timeouts'), '--fail-on', 'none']).code).toBe(0);
  });

  it('exits 1 whatever --fail-on says when a route lost an access control, and names the route', () => {
    for (const failOn of ['breaking', 'warning', 'none']) {
      const r = netkb(['gateway', fixture('access-client-certificate'), '--fail-on', failOn]);
      expect({ failOn, code: r.code }).toEqual({ failOn, code: 1 });
      expect(r.stdout).toBe(readFileSync(fixture('access-client-certificate', 'out.yaml'), 'utf8'));
      expect(r.stderr).toMatch(/: 12 changes, 7 not converted, 2 routes UNPROTECTED\n/);
      expect(r.stderr).toMatch(
        /UNPROTECTED {2}HTTPRoute b2b\/partner-docs: serves without client certificate authentication \(nginx\.ingress\.kubernetes\.io\/auth-tls-secret, .*in\.yaml:11\)/,
      );
    }
    const json = JSON.parse(netkb(['gateway', fixture('access-external-auth'), '--format', 'json']).stdout);
    expect(json.unprotected).toEqual([
      {
        kind: 'HTTPRoute',
        name: 'admin',
        namespace: 'ops',
        ingress: expect.objectContaining({ kind: 'Ingress', name: 'admin', namespace: 'ops', line: 4 }),
        lost: [
          expect.objectContaining({
            control: 'external-auth',
            description: 'external authentication',
            annotation: 'nginx.ingress.kubernetes.io/auth-url',
            line: 10,
          }),
        ],
      },
    ]);
    // Nothing lost: an access annotation that turns nothing on leaves the exit code to --fail-on.
    const off = netkb(['gateway', '-', '--fail-on', 'none', '--format', 'json'], {
      input: readFileSync(fixture('access-client-certificate'), 'utf8').split('---\n')[2],
    });
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout).unprotected).toEqual([]);
  });

  it('--gateway-class names the GatewayClass; --format json carries manifest, changes and unconverted', () => {
    const r = netkb(
      ['gateway', '-', '--gateway-class', 'eg-external', '--format', 'json', '--stdin-name', 'sites.yaml'],
      {
        input: readFileSync(fixture('multi-host'), 'utf8'),
      },
    );
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.file).toBe('sites.yaml');
    expect(json.manifest).toBe(readFileSync(fixture('multi-host', 'out.yaml'), 'utf8'));
    expect(json.changes[0]).toMatchObject({
      ruleId: 'ingress-to-gateway',
      resource: { kind: 'Ingress', name: 'sites' },
    });
    // Only what ingress-nginx serves on 443 with its default certificate, for each host without TLS.
    expect(json.unconverted.map((f: any) => f.messageId)).toEqual(['default-certificate', 'default-certificate']);
  });

  it('--gateway-api and --channel choose the bundle; what it cannot hold is listed with the first release that can', () => {
    const r = netkb(['gateway', fixture('tls-rewrite-timeouts'), '--gateway-api', '1.0.0', '--format', 'json']);
    const json = JSON.parse(r.stdout);
    expect(json.gatewayApi).toEqual({ version: 'v1.0.0', channel: 'standard' });
    const timeout = json.unconverted.find((f: any) => f.message.includes('proxy-read-timeout'));
    expect(timeout.message).toMatch(
      /bundle v1\.0\.0 \(standard channel\) has no HTTPRoute spec\.rules\[\]\.timeouts\.backendRequest; the first release that has it is v\d+\.\d+\.\d+ \(standard channel\)/,
    );
    expect(json.manifest).not.toContain('timeouts:');
    const yaml = netkb([
      'gateway',
      fixture('tls-rewrite-timeouts'),
      '--gateway-api',
      'v1.0.0',
      '--channel',
      'experimental',
    ]);
    expect(yaml.stderr).toMatch(/: for Gateway API v1\.0\.0 \(experimental channel\): /);
    const bad = netkb(['gateway', fixture('canary'), '--gateway-api', 'v1.2.9']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /--gateway-api: Gateway API release "v1\.2\.9" is not in the knowledge base\. Did you mean v1\.2\.0/,
    );
    const channel = netkb(['gateway', fixture('canary'), '--channel', 'beta']);
    expect(channel.code).toBe(2);
    expect(channel.stderr).toMatch(/--channel must be standard or experimental/);
  });

  it('--ingress-class converts one class of a mixed file and names the others; an unknown class is exit 2', () => {
    const ingress = (name: string, cls: string) =>
      `apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: ${name}\n  namespace: web\nspec:\n  ingressClassName: ${cls}\n  defaultBackend:\n    service:\n      name: ${name}\n      port:\n        number: 80\n`;
    const mixed = `${ingress('public', 'nginx')}---\n${ingress('private', 'internal')}`;
    const r = netkb(['gateway', '-', '--ingress-class', 'internal', '--format', 'json'], { input: mixed });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.manifest).toContain('gatewayClassName: internal\n');
    expect(json.manifest).not.toContain('gatewayClassName: nginx\n');
    expect(json.changes).toContainEqual(
      expect.objectContaining({
        line: 7,
        description:
          'ingress class nginx: left out, only the Ingresses of class internal are converted (ingressClass, --ingress-class)',
      }),
    );
    const bad = netkb(['gateway', '-', '--ingress-class', 'internl'], { input: mixed });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no Ingress of the manifest has the class "internl". Did you mean internal?');
    expect(bad.stderr).toContain('Its classes: nginx, internal');
  });

  it('--implementation envoy-gateway writes its SecurityPolicies: the routes they protect are not UNPROTECTED', () => {
    const r = netkb(['gateway', fixture('implementation-envoy-gateway'), '--implementation', 'envoy-gateway']);
    expect(r.stdout).toBe(readFileSync(fixture('implementation-envoy-gateway', 'out.yaml'), 'utf8'));
    expect(r.stderr).toMatch(
      /for Gateway API v\d+\.\d+\.\d+ \(standard channel\) and envoy-gateway v1\.9\.0: .*, 2 routes UNPROTECTED\n/,
    );
    expect(r.stderr).toMatch(
      /made {9}.*in\.yaml:61 {2}nginx\.ingress\.kubernetes\.io\/auth-url -> SecurityPolicy admin/,
    );
    // Digest authentication and an auth-url outside the cluster stay unprotected: exit 1.
    expect(r.code).toBe(1);
    const older = netkb([
      'gateway',
      fixture('implementation-envoy-gateway-v1.7'),
      '--implementation',
      'envoy-gateway',
      '--implementation-version',
      '1.7.0',
      '--format',
      'json',
    ]);
    expect(older.code).toBe(0);
    const json = JSON.parse(older.stdout);
    expect(json.implementation).toEqual({ id: 'envoy-gateway', release: 'v1.7.0' });
    expect(json.unprotected).toEqual([]);
    expect(json.manifest).toBe(readFileSync(fixture('implementation-envoy-gateway-v1.7', 'out.yaml'), 'utf8'));
    // Without the option the same Ingress is UNPROTECTED, as before.
    expect(netkb(['gateway', fixture('implementation-envoy-gateway-v1.7')]).code).toBe(1);
  });

  it('exit 2: an unknown implementation (naming the known ones) or release of it, a release without implementation', () => {
    const unknown = netkb(['gateway', fixture('canary'), '--implementation', 'envoy']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('implementation: "envoy" is not known; known: envoy-gateway');
    const release = netkb([
      'gateway',
      fixture('canary'),
      '--implementation',
      'envoy-gateway',
      '--implementation-version',
      'v1.0.0',
    ]);
    expect(release.code).toBe(2);
    expect(release.stderr).toMatch(/"v1\.0\.0" is not a release the knowledge base imported; known: v1\.1\.0, /);
    const alone = netkb(['gateway', fixture('canary'), '--implementation-version', 'v1.5.0']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--implementation-version needs --implementation');
  });

  it('exit 2: no Ingress, a missing output folder, an unknown provider, two files', () => {
    const none = netkb(['gateway', '-'], { input: 'apiVersion: v1\nkind: Service\nmetadata: {name: a}\n' });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no Ingress/);
    const folder = netkb(['gateway', fixture('canary'), '-o', join(dir, 'missing', 'x.yaml')]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/does not exist; create it first/);
    const provider = netkb(['gateway', fixture('canary'), '--provider', 'traefik']);
    expect(provider.code).toBe(2);
    expect(provider.stderr).toMatch(/--provider must be ingress-nginx/);
    expect(netkb(['gateway', fixture('canary'), fixture('redirects')]).code).toBe(2);
    expect(netkb(['gateway', '--help']).stdout).toContain('Usage: netkb gateway FILE|-');
  });
});
