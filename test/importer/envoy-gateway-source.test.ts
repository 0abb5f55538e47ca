// netkb import envoy-gateway-source on a small synthetic repository laid out as envoyproxy/gateway's tags are
// (the CRDs under charts/gateway-helm/crds/generated, then under charts/gateway-helm/charts/crds/crds/generated
// from v1.8.0): only the configured policy kinds are read, from whichever folder holds the tag's CRDs, with
// their field paths and structural schemas; and the committed seed/generated/envoy-gateway.json is readable.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { projectRoot } from '../../src/config';
import { importEnvoyGatewaySource } from '../../src/importer/envoy-gateway/run';
import { readEnvoyGatewaySource } from '../../src/importer/envoy-gateway/source-config';
import { readEnvoyGatewayIndex } from '../../src/seed/envoy-gateway-index';
import { netkb } from '../support/cli';
import { git } from '../support/git';

const SEED = join(projectRoot(), 'seed');
const realSource = readEnvoyGatewaySource(join(SEED, 'generated', 'envoy-gateway-source.yaml'));

function crd(kind: string, plural: string, spec: Record<string, unknown>): string {
  return dump({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.gateway.envoyproxy.io` },
    spec: {
      group: 'gateway.envoyproxy.io',
      names: { kind, plural },
      versions: [
        {
          name: 'v1alpha1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              description: 'prose the index leaves out',
              properties: { apiVersion: { type: 'string' }, spec: { type: 'object', properties: spec } },
            },
          },
        },
      ],
    },
  });
}

const targetRefs = { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } };
const RELEASES: Record<string, { dir: string; security: Record<string, unknown> }> = {
  'v1.1.0': { dir: 'charts/gateway-helm/crds/generated', security: { targetRefs } },
  'v1.8.0': {
    dir: 'charts/gateway-helm/charts/crds/crds/generated',
    security: { targetRefs, extAuth: { type: 'object', properties: { http: { type: 'object' } } } },
  },
};

function buildRepo(releases: Record<string, { dir: string; security: Record<string, unknown> } | null>): string {
  const work = mkdtempSync(join(tmpdir(), 'netkb-eg-work-'));
  git(work, ['init', '-q', '-b', 'main']);
  for (const [tag, layout] of Object.entries(releases)) {
    for (const entry of readdirSync(work)) if (entry !== '.git') rmSync(join(work, entry), { recursive: true });
    if (layout) {
      mkdirSync(join(work, layout.dir), { recursive: true });
      writeFileSync(
        join(work, layout.dir, 'gateway.envoyproxy.io_securitypolicies.yaml'),
        crd('SecurityPolicy', 'securitypolicies', layout.security),
      );
      writeFileSync(
        join(work, layout.dir, 'gateway.envoyproxy.io_backendtrafficpolicies.yaml'),
        crd('BackendTrafficPolicy', 'backendtrafficpolicies', { targetRefs, rateLimit: { type: 'object' } }),
      );
      writeFileSync(
        join(work, layout.dir, 'gateway.envoyproxy.io_envoyproxies.yaml'),
        crd('EnvoyProxy', 'envoyproxies', {}),
      );
    } else writeFileSync(join(work, 'README.md'), 'no CRDs here\n');
    git(work, ['add', '-A']);
    git(work, ['commit', '-q', '--allow-empty', '-m', tag], {
      GIT_AUTHOR_DATE: '2025-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2025-01-01T00:00:00Z',
    });
    git(work, ['tag', tag]);
  }
  const bare = `${work}.git`;
  execFileSync('git', ['clone', '-q', '--bare', work, bare]);
  rmSync(work, { recursive: true, force: true });
  return bare;
}

describe('netkb import envoy-gateway-source', () => {
  let repo: string;
  let seed: string;
  let out: string;
  beforeAll(() => {
    repo = buildRepo(RELEASES);
    seed = mkdtempSync(join(tmpdir(), 'netkb-eg-seed-'));
    out = join(seed, 'generated');
  });
  afterAll(() => {
    rmSync(repo, { recursive: true, force: true });
    rmSync(seed, { recursive: true, force: true });
  });

  it('reads the policy kinds of each tag from the folder that holds its CRDs, and only those kinds', () => {
    const { index } = importEnvoyGatewaySource(repo, out, realSource);
    expect(index.releases.map((r) => r.version)).toEqual(['v1.1.0', 'v1.8.0']);
    expect(index.kinds.map((k) => `${k.release} ${k.kind} ${k.storageVersion}`)).toEqual([
      'v1.1.0 SecurityPolicy v1alpha1',
      'v1.1.0 BackendTrafficPolicy v1alpha1',
      'v1.8.0 SecurityPolicy v1alpha1',
      'v1.8.0 BackendTrafficPolicy v1alpha1',
    ]);
    const field = (path: string) => index.fields.find((f) => f.kind === 'SecurityPolicy' && f.path === path);
    expect(field('spec.targetRefs[].name')?.releases).toEqual(['v1.1.0', 'v1.8.0']);
    expect(field('spec.extAuth.http')?.releases).toEqual(['v1.8.0']);
    expect(JSON.stringify(index.schemas)).not.toContain('prose');
    // Three distinct schemas: SecurityPolicy twice (it changed), BackendTrafficPolicy once.
    expect(Object.keys(index.schemas)).toHaveLength(3);
    expect(readEnvoyGatewayIndex(seed)).toEqual(index);
  });

  it('the command writes the index, and refuses a tag without CRDs', () => {
    const ok = netkb(['import', 'envoy-gateway-source', repo, '--out', out]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/read 2 releases .*: 4 kinds, \d+ field paths, 3 distinct schemas/);
    const broken = buildRepo({ 'v1.1.0': null });
    try {
      const r = netkb(['import', 'envoy-gateway-source', broken, '--out', out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/v1\.1\.0: no CRD YAML under charts\/gateway-helm\/crds\/generated or /);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('the committed Envoy Gateway index', () => {
  it('is read by the seed reader, from v1.1.0, with SecurityPolicy and BackendTrafficPolicy in every release', () => {
    const index = readEnvoyGatewayIndex(SEED)!;
    expect(index.releases[0].version).toBe('v1.1.0');
    for (const r of index.releases)
      expect(index.kinds.filter((k) => k.release === r.version).map((k) => k.kind)).toEqual([
        'SecurityPolicy',
        'BackendTrafficPolicy',
      ]);
  });
});
