// netkb check --gateway-api and netkb gateway-api as processes over the seeded database: the findings and
// the bundle in every format, usage errors with exit code 2, and "which bundle for 1.31?".
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { netkb } from '../support/cli';

const fixture = (name: string) => join(projectRoot(), 'test', 'fixtures', 'rules', 'gateway-api', name);
const GRPC = fixture('grpcroute-v1alpha2-standard.yaml');
const TCP = fixture('tcproute-under-standard.yaml');

describe('netkb check --gateway-api', () => {
  it('reports Gateway API findings at --to with the bundle, and exits 1 on BREAKING', () => {
    const r = netkb(['check', GRPC, TCP, '--from', '1.30', '--to', '1.31', '--gateway-api', 'v1.1.0:v1.2.0']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Gateway API v1.1.0 -> v1.2.0, standard channel');
    expect(r.stdout).toMatch(
      /1\.31 \(Gateway API v1\.2\.0\)\s+BREAKING\s+\S+grpcroute-v1alpha2-standard\.yaml:7\s+GRPCRoute\/echo/,
    );
    expect(r.stdout).toMatch(
      /BREAKING\s+\S+tcproute-under-standard\.yaml:7\s+TCPRoute\/db\s+gateway-api\s+TCPRoute is only/,
    );
  });

  it('carries the bundle in json, csv, junit and sarif', () => {
    const args = ['check', GRPC, '--from', '1.30', '--to', '1.31', '--gateway-api', '1.1.0:1.2.0', '--format'];
    const json = JSON.parse(netkb([...args, 'json']).stdout);
    expect(json.gatewayApi).toEqual({ from: 'v1.1.0', to: 'v1.2.0', channel: 'standard' });
    expect(json.files[0].findings).toEqual([
      expect.objectContaining({ messageId: 'version-not-served', effectiveIn: '1.31', gatewayApiRelease: 'v1.2.0' }),
    ]);
    const csv = netkb([...args, 'csv']).stdout.split('\r\n');
    expect(csv[0].endsWith(',gateway_api_release,checked,since,already_at_from')).toBe(true);
    // A Gateway API finding is dated by its bundle, not by a Kubernetes release: no since, never already at from.
    expect(csv[1].endsWith(',v1.2.0,true,,false')).toBe(true);
    expect(netkb([...args, 'junit']).stdout).toContain('name="1.31 (Gateway API v1.2.0) GRPCRoute/echo line 7');
    const sarif = JSON.parse(netkb([...args, 'sarif']).stdout);
    expect(sarif.runs[0].results[0].properties.gatewayApiRelease).toBe('v1.2.0');
  });

  it('on the experimental channel the TCPRoute is fine', () => {
    const r = netkb([
      'check',
      TCP,
      '--from',
      '1.30',
      '--to',
      '1.31',
      '--gateway-api',
      'v1.1.0:v1.2.0',
      '--channel',
      'experimental',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No findings.');
  });

  it.each([
    [['--gateway-api', 'v1.2.0'], /--gateway-api must be FROM:TO/],
    [['--channel', 'experimental'], /--channel is for --gateway-api/],
    [['--gateway-api', 'v1.1.0:v1.2.0', '--channel', 'beta'], /--channel must be standard or experimental/],
    [
      ['--gateway-api', 'v1.1.0:v1.2.9'],
      /gatewayApi\.to: Gateway API release "v1\.2\.9" is not in the knowledge base\. Did you mean v1\.2\.0/,
    ],
    [['--gateway-api', 'v1.2.0:v1.1.0'], /from v1\.2\.0 is after to v1\.1\.0/],
  ])('%j is a usage error, exit code 2', (extra, message) => {
    const r = netkb(['check', GRPC, '--from', '1.30', '--to', '1.31', ...extra]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});

describe('netkb gateway-api', () => {
  it('answers which bundles fit Kubernetes 1.31, with their minimum release, date and standard kinds', () => {
    const r = netkb(['gateway-api', '--kubernetes', '1.31', '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['kubernetes', 'channel', 'releases']);
    expect(Object.keys(out.releases[0])).toEqual(['version', 'releasedOn', 'minKubernetes', 'kinds', 'sources']);
    expect(out.kubernetes).toBe('1.31');
    const versions = out.releases.map((x: any) => x.version);
    expect(versions).toContain('v1.5.1');
    // v1.6.0 needs 1.32 (seed/gateway-api/releases.yaml): not an answer for 1.31.
    expect(versions).not.toContain('v1.6.0');
    for (const x of out.releases)
      if (x.minKubernetes !== null) expect(Number(x.minKubernetes.split('.')[1])).toBeLessThanOrEqual(31);
    const v120 = out.releases.find((x: any) => x.version === 'v1.2.0');
    expect(v120).toMatchObject({ releasedOn: '2024-10-03', minKubernetes: '1.27' });
    expect(v120.kinds.map((k: any) => k.kind)).toEqual([
      'Gateway',
      'GatewayClass',
      'GRPCRoute',
      'HTTPRoute',
      'ReferenceGrant',
    ]);
    expect(v120.kinds.find((k: any) => k.kind === 'GRPCRoute')).toEqual({
      kind: 'GRPCRoute',
      group: 'gateway.networking.k8s.io',
      servedVersions: ['v1'],
      storageVersion: 'v1',
    });
  });

  it('table and markdown name the newest fitting bundle; experimental kinds on request', () => {
    const table = netkb(['gateway-api', '--kubernetes', '1.31']);
    expect(table.stdout).toMatch(/^\d+ Gateway API bundles that support Kubernetes 1\.31; the newest is v1\.5\.1\./);
    expect(table.stdout).toMatch(/v1\.2\.0\s+2024-10-03\s+1\.27\s+Gateway v1\/v1beta1/);
    expect(netkb(['gateway-api', '--kubernetes', '1.31', '--format', 'markdown']).stdout).toContain(
      '| bundle | released | min Kubernetes | kinds |',
    );
    expect(netkb(['gateway-api', '--channel', 'experimental']).stdout).toMatch(/v1\.2\.0 .*TCPRoute v1alpha2/);
  });

  it('refuses a malformed release and an unknown channel with exit code 2', () => {
    const bad = netkb(['gateway-api', '--kubernetes', 'one.thirty']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^netkb gateway-api: kubernetes: /);
    const channel = netkb(['gateway-api', '--channel', 'beta']);
    expect(channel.code).toBe(2);
    expect(channel.stderr).toContain('--channel must be standard or experimental');
  });
});
