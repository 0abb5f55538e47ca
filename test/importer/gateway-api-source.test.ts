// netkb import gateway-api-source on a small real excerpt of kubernetes-sigs/gateway-api
// (test/fixtures/gateway-api-source): a bare repository is built from it with one tagged commit per release,
// and the committed seed/generated/gateway-api.json is checked against what the excerpt says.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { projectRoot } from '../../src/config';
import { fieldPaths } from '../../src/importer/gateway-api/field-paths';
import { importGatewayApiSource, readGatewayApiSourceRepo } from '../../src/importer/gateway-api/run';
import { readGatewayApiSource, type GatewayApiSource } from '../../src/importer/gateway-api/source-config';
import {
  gatewayApiSchema,
  readGatewayApiIndex,
  type GatewayApiIndex,
  type GatewayApiIndexKind,
} from '../../src/seed/gateway-api-index';
import { netkb } from '../support/cli';
import { git } from '../support/git';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'gateway-api-source');
const SEED = join(projectRoot(), 'seed');
const realSource = readGatewayApiSource(join(SEED, 'generated', 'gateway-api-source.yaml'));
/** The commit dates given to the fixture's releases (their real tags' days). */
const DATES: Record<string, string> = {
  'v1.0.0': '2023-10-31T16:26:32Z',
  'v1.1.0': '2024-05-08T17:00:00Z',
  'v1.2.0': '2024-10-03T20:02:28Z',
  'v1.5.0': '2026-02-27T12:00:00Z',
};
const TAGS = Object.keys(DATES);

/** A work tree with one commit per fixture release (each folder is the whole tree at that tag), then a bare clone. */
function buildRepo(tags: Record<string, string | null>, extraTags: [string, string][] = []): string {
  const work = mkdtempSync(join(tmpdir(), 'netkb-gwapi-work-'));
  git(work, ['init', '-q', '-b', 'main']);
  for (const [tag, folder] of Object.entries(tags)) {
    for (const entry of readdirSync(work)) if (entry !== '.git') rmSync(join(work, entry), { recursive: true });
    if (folder) cpSync(join(FIXTURES, folder), work, { recursive: true });
    else writeFileSync(join(work, 'README.md'), 'no CRDs here\n');
    const date = DATES[tag] ?? '2025-01-01T00:00:00Z';
    git(work, ['add', '-A']);
    git(work, ['commit', '-q', '--allow-empty', '-m', tag], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
    git(work, ['tag', tag]);
  }
  for (const [name, at] of extraTags) git(work, ['tag', name, at]);
  const bare = `${work}.git`;
  execFileSync('git', ['clone', '-q', '--bare', work, bare]);
  rmSync(work, { recursive: true, force: true });
  return bare;
}

const source: GatewayApiSource = { ...realSource, fromTag: 'v1.0.0', toTag: null, skipTags: [] };
const kindOf = (index: GatewayApiIndex, release: string, channel: string, kind: string) =>
  index.kinds.find((k) => k.release === release && k.channel === channel && k.kind === kind);
const releasesOf = (index: GatewayApiIndex, kind: string, version: string, channel: string, path: string) =>
  index.fields.find((f) => f.kind === kind && f.version === version && f.channel === channel && f.path === path)
    ?.releases;

describe('netkb import gateway-api-source on the real excerpt', () => {
  let repo: string;
  let index: GatewayApiIndex;
  beforeAll(() => {
    // A pre-release tag and a tag before the range are not releases read.
    repo = buildRepo(Object.fromEntries(TAGS.map((t) => [t, t])), [
      ['v1.2.0-rc1', 'v1.1.0'],
      ['v0.8.1', 'v1.0.0'],
    ]);
    index = readGatewayApiSourceRepo(repo, source);
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('reads every release tag of the range in semver order, with its commit and commit day', () => {
    expect(index.releases.map((r) => [r.version, r.date])).toEqual([
      ['v1.0.0', '2023-10-31'],
      ['v1.1.0', '2024-05-08'],
      ['v1.2.0', '2024-10-03'],
      ['v1.5.0', '2026-02-27'],
    ]);
    for (const r of index.releases) expect(r.commit).toBe(git(repo, ['rev-parse', `${r.version}^{commit}`]).trim());
  });

  it('records each CRD per release and channel with its served, storage and deprecated versions', () => {
    // GRPCRoute: experimental only in v1.0.0; v1 in both channels from v1.1.0, where v1alpha2 is deprecated and
    // served by the experimental CRD only; v1alpha2 gone in v1.2.0.
    expect(kindOf(index, 'v1.0.0', 'standard', 'GRPCRoute')).toBeUndefined();
    expect(kindOf(index, 'v1.0.0', 'experimental', 'GRPCRoute')).toMatchObject({
      servedVersions: ['v1alpha2'],
      storageVersion: 'v1alpha2',
      deprecatedVersions: [],
    });
    expect(kindOf(index, 'v1.1.0', 'standard', 'GRPCRoute')).toEqual<GatewayApiIndexKind>({
      release: 'v1.1.0',
      channel: 'standard',
      group: 'gateway.networking.k8s.io',
      kind: 'GRPCRoute',
      plural: 'grpcroutes',
      servedVersions: ['v1'],
      storageVersion: 'v1',
      deprecatedVersions: ['v1alpha2'],
      bundleVersion: 'v1.1.0',
    });
    expect(kindOf(index, 'v1.1.0', 'experimental', 'GRPCRoute')).toMatchObject({
      servedVersions: ['v1', 'v1alpha2'],
      storageVersion: 'v1',
      deprecatedVersions: ['v1alpha2'],
    });
    for (const channel of ['standard', 'experimental'])
      expect(kindOf(index, 'v1.2.0', channel, 'GRPCRoute')).toMatchObject({
        servedVersions: ['v1'],
        deprecatedVersions: [],
        bundleVersion: 'v1.2.0',
      });
    // HTTPRoute serves v1 from v1.0.0 but stores v1beta1 until v1.1.0.
    expect(kindOf(index, 'v1.0.0', 'standard', 'HTTPRoute')).toMatchObject({
      servedVersions: ['v1', 'v1beta1'],
      storageVersion: 'v1beta1',
    });
    expect(kindOf(index, 'v1.1.0', 'standard', 'HTTPRoute')).toMatchObject({
      servedVersions: ['v1', 'v1beta1'],
      storageVersion: 'v1',
    });
  });

  it('includes the x-k8s.io experimental groups, and reads nothing from kustomizations or admission policies', () => {
    expect(kindOf(index, 'v1.5.0', 'experimental', 'XMesh')).toMatchObject({
      group: 'gateway.networking.x-k8s.io',
      plural: 'xmeshes',
      servedVersions: ['v1alpha1'],
    });
    const v150 = index.kinds.filter((k) => k.release === 'v1.5.0').map((k) => `${k.channel} ${k.kind}`);
    expect(v150).toEqual([
      'standard GRPCRoute',
      'standard HTTPRoute',
      'experimental GRPCRoute',
      'experimental HTTPRoute',
      'experimental XMesh',
    ]);
  });

  it('indexes the field paths of served versions with the releases that have them', () => {
    // Timeouts: experimental from v1.0.0, standard from v1.2.0.
    expect(releasesOf(index, 'HTTPRoute', 'v1', 'experimental', 'spec.rules[].timeouts.request')).toEqual(TAGS);
    expect(releasesOf(index, 'HTTPRoute', 'v1', 'standard', 'spec.rules[].timeouts.request')).toEqual([
      'v1.2.0',
      'v1.5.0',
    ]);
    expect(releasesOf(index, 'HTTPRoute', 'v1', 'experimental', 'spec.rules[].retry.attempts')).toEqual([
      'v1.2.0',
      'v1.5.0',
    ]);
    expect(releasesOf(index, 'GRPCRoute', 'v1alpha2', 'experimental', 'spec.rules[].backendRefs[].weight')).toEqual([
      'v1.0.0',
      'v1.1.0',
    ]);
    // The standard CRD of v1.1.0 lists v1alpha2 without serving it: no manifest can carry its fields.
    expect(
      index.fields.some((f) => f.kind === 'GRPCRoute' && f.version === 'v1alpha2' && f.channel === 'standard'),
    ).toBe(false);
    expect(index.fields.some((f) => /^(apiVersion|kind|metadata)(\.|$)/.test(f.path))).toBe(false);
  });

  it('keeps structural schemas without descriptions, one per distinct content', () => {
    const descriptions = (node: unknown): number => {
      if (Array.isArray(node)) return node.reduce((n: number, x) => n + descriptions(x), 0);
      if (node === null || typeof node !== 'object') return 0;
      const o = node as Record<string, unknown>;
      return (
        ('description' in o && typeof o.description === 'string' ? 1 : 0) +
        Object.entries(o).reduce(
          (n, [k, v]) => n + (k === 'properties' ? descriptions(Object.values(v as object)) : descriptions(v)),
          0,
        )
      );
    };
    expect(descriptions(Object.values(index.schemas))).toBe(0);
    const grpc = gatewayApiSchema(index, {
      release: 'v1.1.0',
      channel: 'standard',
      group: 'gateway.networking.k8s.io',
      kind: 'GRPCRoute',
      version: 'v1',
    }) as { properties: { spec: { properties: Record<string, unknown> } } };
    expect(Object.keys(grpc.properties.spec.properties).sort()).toEqual(['hostnames', 'parentRefs', 'rules']);
    // The v1.0.0 and v1.1.0 standard HTTPRoute v1 CRDs differ in their text (bundle version, prose) but not in
    // structure: one schema serves both.
    const ref = (release: string) =>
      index.schemaIndex.find(
        (s) => s.release === release && s.channel === 'standard' && s.kind === 'HTTPRoute' && s.version === 'v1',
      )!.schema;
    const crd = (tag: string) =>
      readFileSync(join(FIXTURES, tag, 'config/crd/standard/gateway.networking.k8s.io_httproutes.yaml'), 'utf8');
    expect(crd('v1.0.0')).not.toBe(crd('v1.1.0'));
    expect(ref('v1.0.0')).toBe(ref('v1.1.0'));
    expect(ref('v1.2.0')).not.toBe(ref('v1.1.0'));
    expect(new Set(index.schemaIndex.map((s) => s.schema)).size).toBe(Object.keys(index.schemas).length);
    expect(Object.keys(index.schemas).length).toBeLessThan(index.schemaIndex.length);
  });

  it('writes the same bytes on every run, in a file the reader accepts', () => {
    const a = mkdtempSync(join(tmpdir(), 'netkb-gwapi-a-'));
    const b = mkdtempSync(join(tmpdir(), 'netkb-gwapi-b-'));
    try {
      importGatewayApiSource(repo, join(a, 'generated'), source);
      importGatewayApiSource(repo, join(b, 'generated'), source);
      const bytes = readFileSync(join(a, 'generated', 'gateway-api.json'));
      expect(bytes.equals(readFileSync(join(b, 'generated', 'gateway-api.json')))).toBe(true);
      expect(readGatewayApiIndex(a)).toEqual(index);
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });

  it('leaves out skipped tags and tags after toTag', () => {
    const part = readGatewayApiSourceRepo(repo, {
      ...source,
      toTag: 'v1.2.0',
      skipTags: [{ tag: 'v1.1.0', reason: 'test' }],
    });
    expect(part.releases.map((r) => r.version)).toEqual(['v1.0.0', 'v1.2.0']);
    expect(releasesOf(part, 'HTTPRoute', 'v1', 'experimental', 'spec.rules[].timeouts.request')).toEqual([
      'v1.0.0',
      'v1.2.0',
    ]);
  });

  it('the command writes the index, and refuses a missing folder, a folder that is not a repository, and a tag without CRDs', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'netkb-gwapi-cli-'));
    const config = join(tmp, 'source.yaml');
    writeFileSync(config, dump(source));
    const noCrds = buildRepo({ 'v1.0.0': 'v1.0.0', 'v1.3.0': null });
    try {
      const ok = netkb(['import', 'gateway-api-source', repo, '--out', join(tmp, 'out'), '--config', config]);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/read 4 releases .*\(v1\.0\.0 to v1\.5\.0\)/);
      expect(JSON.parse(readFileSync(join(tmp, 'out', 'gateway-api.json'), 'utf8')).releases).toEqual(index.releases);

      const missing = netkb(['import', 'gateway-api-source', join(tmp, 'nope'), '--out', tmp, '--config', config]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/nope: no such folder/);
      mkdirSync(join(tmp, 'empty'));
      const notRepo = netkb(['import', 'gateway-api-source', join(tmp, 'empty'), '--out', tmp, '--config', config]);
      expect(notRepo.code).toBe(2);
      expect(notRepo.stderr).toMatch(/not a git repository \(clone kubernetes-sigs\/gateway-api/);
      const bare = netkb(['import', 'gateway-api-source', noCrds, '--out', tmp, '--config', config]);
      expect(bare.code).toBe(2);
      expect(bare.stderr).toMatch(/v1\.3\.0: no CustomResourceDefinitions under config\/crd\/standard/);
      const usage = netkb(['import', 'gateway-api-source']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/GIT_DIR/);
      writeFileSync(config, 'fromTag: 1.0\n');
      const badConfig = netkb(['import', 'gateway-api-source', repo, '--out', tmp, '--config', config]);
      expect(badConfig.code).toBe(2);
      expect(badConfig.stderr).toMatch(/source\.yaml: .*fromTag/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      rmSync(noCrds, { recursive: true, force: true });
    }
  });

  it('the committed index agrees with the excerpt on every kind and field path the excerpt has', () => {
    const committed = readGatewayApiIndex(SEED)!;
    expect(committed.releases.map((r) => r.version)).toEqual(expect.arrayContaining(TAGS));
    for (const r of index.releases) {
      const c = committed.releases.find((x) => x.version === r.version)!;
      expect(c.date).toBe(r.date);
    }
    for (const k of index.kinds)
      expect(
        committed.kinds.find((c) => c.release === k.release && c.channel === k.channel && c.kind === k.kind),
      ).toEqual(k);
    // The excerpt's CRDs are trimmed: each of its paths is in the committed index, in the same releases of those read.
    for (const f of index.fields) {
      const c = releasesOf(committed, f.kind, f.version, f.channel, f.path);
      expect([f.kind, f.version, f.channel, f.path, c?.filter((r) => TAGS.includes(r))]).toEqual([
        f.kind,
        f.version,
        f.channel,
        f.path,
        f.releases,
      ]);
    }
    // The fact the example rests on: GRPCRoute v1alpha2 is served (experimental) in v1.1.0, not in v1.2.0.
    expect(kindOf(committed, 'v1.1.0', 'experimental', 'GRPCRoute')!.servedVersions).toContain('v1alpha2');
    expect(kindOf(committed, 'v1.2.0', 'experimental', 'GRPCRoute')!.servedVersions).not.toContain('v1alpha2');
  });
});

describe('field paths and the index reader', () => {
  it('names list items with [] and map values with {}, and leaves out the fields every kind has', () => {
    const schema = {
      type: 'object',
      properties: {
        apiVersion: { type: 'string' },
        metadata: { type: 'object', properties: { name: { type: 'string' } } },
        spec: {
          type: 'object',
          properties: {
            rules: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
            labels: {
              type: 'object',
              additionalProperties: { type: 'object', properties: { value: { type: 'string' } } },
            },
          },
        },
      },
    };
    expect(fieldPaths(schema)).toEqual([
      'spec',
      'spec.labels',
      'spec.labels{}.value',
      'spec.rules',
      'spec.rules[].name',
    ]);
  });

  it('returns null without an index, and refuses a damaged or inconsistent one, naming the file', () => {
    const seed = mkdtempSync(join(tmpdir(), 'netkb-gwapi-seed-'));
    try {
      expect(readGatewayApiIndex(seed)).toBeNull();
      mkdirSync(join(seed, 'generated'));
      const file = join(seed, 'generated', 'gateway-api.json');
      writeFileSync(file, '{"generatedBy": "netkb import gateway-api-source", ');
      expect(() => readGatewayApiIndex(seed)).toThrow(/gateway-api\.json: cannot be read: .*regenerate it/);
      const valid = {
        generatedBy: 'netkb import gateway-api-source',
        repository: 'https://github.com/kubernetes-sigs/gateway-api',
        releases: [{ version: 'v1.2.0', commit: 'a'.repeat(40), date: '2024-10-03' }],
        kinds: [],
        fields: [],
        schemas: {},
        schemaIndex: [],
      };
      writeFileSync(file, JSON.stringify({ ...valid, kinds: [{ release: 'v1.2.0', channel: 'beta' }] }));
      expect(() => readGatewayApiIndex(seed)).toThrow(/gateway-api\.json: not a Gateway API index: kinds\.0\.channel/);
      const dangling = {
        release: 'v1.2.0',
        channel: 'standard',
        group: 'g',
        kind: 'K',
        version: 'v1',
        schema: 'f'.repeat(16),
      };
      writeFileSync(file, JSON.stringify({ ...valid, schemaIndex: [dangling] }));
      expect(() => readGatewayApiIndex(seed)).toThrow(
        /not a consistent index: schemaIndex\.0: schema f{16} is not in schemas/,
      );
      writeFileSync(file, JSON.stringify(valid));
      expect(readGatewayApiIndex(seed)!.releases[0].version).toBe('v1.2.0');
    } finally {
      rmSync(seed, { recursive: true, force: true });
    }
  });
});
