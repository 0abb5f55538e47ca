// The curated Gateway API seed (seed/gateway-api/): the real files load and agree with the generated index,
// and each kind of bad record is refused with file, record and field named, before anything is written.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadSeed, seedHash, SeedValidationError, type GatewayApiSeed } from '../../src/seed/load';
import {
  ACCESS_IMPLEMENTATION_STRATEGIES,
  IMPLEMENTATION_STRATEGIES,
  INGRESS_NGINX_STRATEGIES,
  TRAFFIC_IMPLEMENTATION_STRATEGIES,
  STRATEGY_ROLES,
} from '../../src/seed/gateway-api-schemas';
import { POLICY_STRATEGY_IDS } from '../../src/convert/gateway/policies';
import { TRAFFIC_STRATEGY_IDS } from '../../src/convert/gateway/traffic-policies';
import { writeSeed } from '../../src/db/write-seed';
import { projectRoot, seedDir } from '../../src/config';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

const RELEASES = 'gateway-api/releases.yaml';
const CHANGES = 'gateway-api/changes.yaml';
const ANNOTATIONS = 'gateway-api/ingress-nginx-annotations.yaml';
const PROVIDERS = 'gateway-api/ingress-providers.yaml';
const IMPLEMENTATIONS = 'gateway-api/implementations.yaml';

describe('the real Gateway API seed', () => {
  let g: GatewayApiSeed;
  beforeAll(() => {
    g = loadSeed(seedDir()).gatewayApi;
  });

  it('has exactly one release record per tag of the generated index', () => {
    expect(g.index).not.toBeNull();
    const tags = g.index!.releases.map((r) => r.version);
    expect(tags).toContain('v1.2.0');
    expect(g.releases.map((r) => r.record.version).sort()).toEqual([...tags].sort());
  });

  it('gives a supported Kubernetes floor that never goes down from one release to the next', () => {
    const minor = (v: string) => Number(v.split('.')[1]);
    const floors = g.index!.releases.map(
      (tag) => g.releases.find((r) => r.record.version === tag.version)!.record.minKubernetes,
    );
    const known = floors.filter((f): f is string => f !== null).map(minor);
    expect(known.length).toBeGreaterThan(0);
    known.forEach((m, i) => expect(m).toBeGreaterThanOrEqual(known[i - 1] ?? m));
  });

  it('records the v1alpha2 removals of v1.2.0 with their PR, as the issue describes', () => {
    const removal = g.changes.find((c) => c.record.release === 'v1.2.0' && c.record.kind === 'REMOVAL');
    expect(removal?.record).toMatchObject({ actionRequired: true, prs: [3361] });
    expect(removal?.record.summary).toMatch(/GRPCRoute/);
  });

  it('links every change to the CHANGELOG or the CRDs of its own release, and every PR to its page', () => {
    for (const { record: c } of g.changes) {
      expect(c.sources.some((s) => s.includes(`/blob/${c.release}/`))).toBe(true);
      for (const pr of c.prs) expect(c.sources).toContain(`https://github.com/kubernetes-sigs/gateway-api/pull/${pr}`);
    }
  });

  it('covers every annotation the issue names', () => {
    const names = new Set(g.annotations.map((a) => a.record.name.replace('nginx.ingress.kubernetes.io/', '')));
    for (const name of [
      'rewrite-target',
      'ssl-redirect',
      'force-ssl-redirect',
      'permanent-redirect',
      'canary',
      'canary-weight',
      'canary-by-header',
      'canary-by-header-value',
      'canary-by-cookie',
      'proxy-connect-timeout',
      'proxy-read-timeout',
      'proxy-send-timeout',
      'x-forwarded-prefix',
      'configuration-snippet',
      'server-snippet',
      'auth-url',
      'auth-type',
      'auth-tls-secret',
      'limit-rps',
      'limit-connections',
      'enable-cors',
      'backend-protocol',
    ])
      expect(names).toContain(name);
  });

  it('uses every converter strategy for some annotation, and converts no snippet', () => {
    const used = new Set(g.annotations.map((a) => a.record.conversion));
    for (const strategy of INGRESS_NGINX_STRATEGIES) expect(used).toContain(strategy);
    const snippet = g.annotations.find((a) => a.record.name === 'nginx.ingress.kubernetes.io/configuration-snippet');
    expect(snippet?.record).toMatchObject({ conversion: null, gatewayApi: null });
    expect(snippet?.record.reason).toBeTruthy();
  });
});

describe('the real implementation records', () => {
  let g: GatewayApiSeed;
  beforeAll(() => {
    g = loadSeed(seedDir()).gatewayApi;
  });

  it('has Envoy Gateway with its generated index, every strategy used and implemented by the converter', () => {
    const eg = g.implementations.find((i) => i.located.record.id === 'envoy-gateway');
    expect(eg?.index?.releases[0].version).toBe('v1.1.0');
    expect(eg!.index!.kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['SecurityPolicy']));
    const used = new Set(eg!.located.record.capabilities.map((c) => c.strategy));
    for (const strategy of IMPLEMENTATION_STRATEGIES) expect(used).toContain(strategy);
    expect([...POLICY_STRATEGY_IDS].sort()).toEqual([...ACCESS_IMPLEMENTATION_STRATEGIES].sort());
    expect([...TRAFFIC_STRATEGY_IDS].sort()).toEqual([...TRAFFIC_IMPLEMENTATION_STRATEGIES].sort());
  });

  it('gives access strategies annotations of an access control, traffic strategies annotations without a conversion', () => {
    const access = new Set<string>(ACCESS_IMPLEMENTATION_STRATEGIES);
    const records = new Map(g.annotations.map((a) => [a.record.name, a.record]));
    for (const { located } of g.implementations)
      for (const c of located.record.capabilities) {
        const r = records.get(c.annotation)!;
        const fits = access.has(c.strategy) ? Boolean(r.access) : !r.access && r.conversion === null;
        expect({ a: c.annotation, strategy: c.strategy, fits }).toEqual({
          a: c.annotation,
          strategy: c.strategy,
          fits: true,
        });
      }
  });
});

describe('the real Ingress provider records', () => {
  let g: GatewayApiSeed;
  beforeAll(() => {
    g = loadSeed(seedDir()).gatewayApi;
  });

  it('has a record for every value of the GraphQL IngressProvider enum, and only those', () => {
    const sdl = readFileSync(join(projectRoot(), 'src', 'schema', 'ingress-to-gateway.graphql'), 'utf8');
    const values = /enum IngressProvider \{([^}]*)\}/.exec(sdl)![1].match(/^\s*[A-Z][A-Z0-9_]*\s*$/gm)!;
    expect(g.providers.map((p) => p.record.id).sort()).toEqual(values.map((v) => v.trim()).sort());
  });

  it("gives every annotation record its provider's prefix, and every multi-annotation strategy its roles", () => {
    const nginx = g.providers.find((p) => p.record.name === 'ingress-nginx')!.record;
    for (const { record: a } of g.annotations) expect(a.name.startsWith(nginx.annotationPrefix)).toBe(true);
    for (const [strategy, roles] of Object.entries(STRATEGY_ROLES)) {
      const used = g.annotations.filter((a) => a.record.conversion === strategy).map((a) => a.record.role);
      expect({ strategy, missing: used.filter((r) => r === undefined) }).toEqual({ strategy, missing: [] });
      // canary-weight without a weight, a redirect without a URL: the strategy would have nothing to convert.
      expect({ strategy, first: used.includes(roles![0]) }).toEqual({ strategy, first: true });
    }
    expect(nginx.regexPathsAnnotation).not.toBeNull();
    expect(g.annotations.map((a) => a.record.name)).toContain(nginx.regexPathsAnnotation);
  });
});

describe('a bad Gateway API record is refused', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it("an implementation capability whose since is before the index's first release with its field", () => {
    copy.edit(IMPLEMENTATIONS, (t) =>
      t.replace(
        'pathOverride\n      also: [spec.extAuth.http.backendRefs]\n      since: v1.8.0',
        'pathOverride\n      also: [spec.extAuth.http.backendRefs]\n      since: v1.7.0',
      ),
    );
    expect(problemsOf(copy.seed)).toContainEqual(
      expect.objectContaining({
        file: 'seed/gateway-api/implementations.yaml',
        record: 'implementation envoy-gateway',
        field: 'capabilities.3.since',
        message: expect.stringMatching(
          /SecurityPolicy has no spec\.extAuth\.http\.pathOverride in v1\.7\.0, .*since is too early/,
        ),
      }),
    );
  });

  it('an implementation capability of an unknown annotation, policy kind or strategy', () => {
    copy.edit(IMPLEMENTATIONS, (t) =>
      t
        .replace(
          'annotation: nginx.ingress.kubernetes.io/auth-response-headers',
          'annotation: nginx.ingress.kubernetes.io/auth-response-header',
        )
        .replace(
          'strategy: basic-auth-type\n      policy: SecurityPolicy',
          'strategy: basic-auth-type\n      policy: ClientTrafficPolicy',
        )
        .replace('strategy: client-cidrs-deny', 'strategy: cidrs-deny'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/must be one of the implementation strategies/);
    copy.edit(IMPLEMENTATIONS, (t) => t.replace('strategy: cidrs-deny', 'strategy: client-cidrs-deny'));
    const messages = problemsOf(copy.seed).map((p) => `${p.field}: ${p.message}`);
    expect(messages).toContainEqual(
      expect.stringMatching(/^capabilities\.\d+\.annotation: .*auth-response-header has no record/),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^capabilities\.\d+\.policy: ClientTrafficPolicy is not a kind of seed\/generated\/envoy-gateway\.json/,
      ),
    );
  });

  it('a release the generated index does not have', () => {
    copy.edit(RELEASES, (t) => t.replace('version: "v1.2.1"', 'version: "v1.2.9"'));
    const problems = problemsOf(copy.seed);
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'seed/gateway-api/releases.yaml',
        record: 'Gateway API release v1.2.9',
        field: 'version',
        message: expect.stringMatching(/not a release of the generated index/),
      }),
    );
    // ...and the tag it replaced now has no record.
    expect(problems.some((p) => /releases without a record here: v1\.2\.1$/.test(p.message))).toBe(true);
  });

  it('a change of a release without a record', () => {
    copy.edit(CHANGES, (t) =>
      t.replace('- release: "v1.2.0"\n  id: grpcroute', '- release: "v1.2.7"\n  id: grpcroute'),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({
      file: 'seed/gateway-api/changes.yaml',
      record: expect.stringMatching(/^Gateway API change v1\.2\.7#grpcroute/),
      field: 'release',
    });
    expect(p.message).toMatch(/no seed\/gateway-api\/releases\.yaml record for v1\.2\.7/);
    expect(p.line).toBeGreaterThan(1);
  });

  it('a release tag written without its "v"', () => {
    copy.edit(RELEASES, (t) => t.replace('version: "v1.0.0"', 'version: "1.0.0"'));
    const problems = problemsOf(copy.seed);
    expect(problems[0]).toMatchObject({ file: 'seed/gateway-api/releases.yaml', field: 'version' });
    expect(problems[0].message).toMatch(/release tag written vMAJOR\.MINOR\.PATCH/);
  });

  it('a duplicate annotation, naming where the first one is', () => {
    copy.edit(ANNOTATIONS, (t) =>
      t.replace(
        '- name: nginx.ingress.kubernetes.io/force-ssl-redirect\n',
        '- name: nginx.ingress.kubernetes.io/ssl-redirect\n',
      ),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({
      file: 'seed/gateway-api/ingress-nginx-annotations.yaml',
      record: 'annotation nginx.ingress.kubernetes.io/ssl-redirect',
    });
    expect(p.message).toMatch(/^duplicate: already defined at seed\/gateway-api\/ingress-nginx-annotations\.yaml:\d+$/);
  });

  it('a duplicate change id within one release', () => {
    copy.edit(CHANGES, (t) =>
      t.replace('id: supported-features-objects', 'id: grpcroute-referencegrant-v1alpha2-removed'),
    );
    const [p] = problemsOf(copy.seed);
    expect(p.record).toBe('Gateway API change v1.2.0#grpcroute-referencegrant-v1alpha2-removed');
    expect(p.message).toMatch(/^duplicate/);
  });

  it('a conversion strategy the converter does not have', () => {
    copy.edit(ANNOTATIONS, (t) => t.replace('conversion: rewrite-target', 'conversion: rewrite'));
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({
      file: 'seed/gateway-api/ingress-nginx-annotations.yaml',
      record: 'record 1 (nginx.ingress.kubernetes.io/rewrite-target)',
      field: 'conversion',
    });
    expect(p.message).toMatch(/one of the converter's strategies: rewrite-target, .*ignore/);
  });

  it('an annotation with neither a conversion nor a reason', () => {
    copy.edit(ANNOTATIONS, (t) =>
      t.replace(
        /(- name: nginx\.ingress\.kubernetes\.io\/server-snippet\n(?: {2}.*\n| {4}.*\n)*? {2}reason: >-\n)(?: {4}.*\n)+/,
        (_m, head: string) => head.replace('reason: >-\n', 'reason: null\n'),
      ),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: expect.stringMatching(/server-snippet/), field: 'reason' });
    expect(p.message).toMatch(/needs a conversion .* or the reason none applies/);
  });

  it('an annotation with both a conversion and a reason', () => {
    copy.edit(ANNOTATIONS, (t) =>
      t.replace(
        /(- name: nginx\.ingress\.kubernetes\.io\/rewrite-target\n(?:.+\n)*? {2})reason: null\n/,
        '$1reason: The converter would skip it.\n',
      ),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: expect.stringMatching(/rewrite-target/), field: 'reason' });
    expect(p.message).toMatch(/either a conversion or a reason, not both/);
  });

  it('a conversion without the Gateway API construct it writes', () => {
    copy.edit(ANNOTATIONS, (t) =>
      t.replace(
        /(- name: nginx\.ingress\.kubernetes\.io\/canary-weight\n(?: {2}.*\n| {4}.*\n)*? {2})gatewayApi: >-\n(?: {4}.*\n)+/,
        '$1gatewayApi: null\n',
      ),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: expect.stringMatching(/canary-weight\)/), field: 'gatewayApi' });
    expect(p.message).toMatch(/conversion canary-weight needs the Gateway API construct/);
  });

  it("a role that is not one of its strategy's", () => {
    copy.edit(ANNOTATIONS, (t) => t.replace('role: weight-total', 'role: url'));
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({
      file: 'seed/gateway-api/ingress-nginx-annotations.yaml',
      record: expect.stringMatching(/canary-weight-total\)$/),
      field: 'role',
      message: "role url is not one of strategy canary-weight's: weight, weight-total",
    });
    expect(p.line).toBeGreaterThan(1);
  });

  it('a record of a strategy that needs a role, without one', () => {
    copy.edit(ANNOTATIONS, (t) => t.replace('  role: header-value\n', ''));
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({
      record: expect.stringMatching(/canary-by-header-value\)$/),
      field: 'role',
      message: "strategy canary needs the annotation's role: one of trigger, header, header-value, header-pattern",
    });
  });

  it('a neverValue on a record of another role than header', () => {
    copy.edit(ANNOTATIONS, (t) => t.replace('  role: header-value\n', '  role: header-value\n  neverValue: "never"\n'));
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({
      record: expect.stringMatching(/canary-by-header-value\)$/),
      field: 'neverValue',
      message: 'only an annotation of role header (canary) names a neverValue',
    });
  });

  it('a role on a record the converter leaves, or on a strategy that reads one annotation', () => {
    copy.edit(ANNOTATIONS, (t) =>
      t
        .replace(
          /(- name: nginx\.ingress\.kubernetes\.io\/canary-by-cookie\n(?:.+\n)*? {2}conversion: null\n)/,
          '$1  role: cookie\n',
        )
        .replace(
          /(- name: nginx\.ingress\.kubernetes\.io\/ssl-redirect\n(?:.+\n)*? {2}reason: null\n)/,
          '$1  role: switch\n',
        ),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.map((p) => [p.record?.replace(/^record \d+ /, ''), p.field, p.message])).toEqual([
      ['(nginx.ingress.kubernetes.io/ssl-redirect)', 'role', 'strategy ssl-redirect takes no role'],
      ['(nginx.ingress.kubernetes.io/canary-by-cookie)', 'role', 'an annotation without a conversion takes no role'],
    ]);
  });

  it('a set-header record without its header, and a header on another role', () => {
    copy.edit(ANNOTATIONS, (t) =>
      t
        .replace('  header: X-Forwarded-Prefix\n', '')
        .replace('role: weight-total\n', 'role: weight-total\n  header: X-Total\n'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['header', 'only an annotation of role set-header names a header'],
      ['header', 'role set-header needs the header it sets (header)'],
    ]);
  });

  it('an acceptedRange whose defaultValue lies outside it, or without a defaultValue', () => {
    copy.edit(ANNOTATIONS, (t) =>
      t
        .replace(
          '  defaultValue: "302"\n  acceptedRange:\n    min: 300\n    max: 307\n',
          '  defaultValue: "308"\n  acceptedRange:\n    min: 300\n    max: 307\n',
        )
        .replace('  defaultValue: "301"\n  acceptedRange:', '  acceptedRange:'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.map((p) => [p.record?.replace(/^record \d+ /, ''), p.field])).toEqual([
      ['(nginx.ingress.kubernetes.io/permanent-redirect-code)', 'acceptedRange'],
      ['(nginx.ingress.kubernetes.io/temporal-redirect-code)', 'acceptedRange'],
    ]);
    expect(problems[0].message).toMatch(/needs a defaultValue inside it/);
  });

  it('two records of one strategy with the same role', () => {
    copy.edit(ANNOTATIONS, (t) => t.replace('role: weight-total', 'role: weight'));
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: 'strategy canary-weight role weight' });
    expect(p.message).toMatch(/^duplicate: already defined at seed\/gateway-api\/ingress-nginx-annotations\.yaml:\d+$/);
  });

  it("an annotation without its provider's prefix, and annotations whose provider has no record", () => {
    copy.edit(PROVIDERS, (t) =>
      t.replace('annotationPrefix: nginx.ingress.kubernetes.io/', 'annotationPrefix: nginx.example.com/'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.length).toBeGreaterThan(10);
    expect(problems[0]).toMatchObject({
      file: 'seed/gateway-api/ingress-nginx-annotations.yaml',
      record: 'annotation nginx.ingress.kubernetes.io/rewrite-target',
      field: 'name',
      message: 'not an annotation of ingress-nginx: its names start with nginx.example.com/',
    });
    copy.edit(PROVIDERS, (t) => t.replace('name: ingress-nginx', 'name: nginx'));
    expect(problemsOf(copy.seed)[0].message).toBe(
      'no seed/gateway-api/ingress-providers.yaml record names the provider of seed/gateway-api/ingress-nginx-annotations.yaml',
    );
  });

  it('a provider id that is not an enum value, and a provider without sources', () => {
    copy.edit(PROVIDERS, (t) =>
      t.replace('id: INGRESS_NGINX', 'id: ingress-nginx').replace(/ {2}sources:\n(?: {4}- .*\n)+/, ''),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.map((p) => [p.file, p.field])).toEqual([
      ['seed/gateway-api/ingress-providers.yaml', 'id'],
      ['seed/gateway-api/ingress-providers.yaml', 'sources'],
      // The record refused, its annotations have no provider: said once for the file.
      ['seed/gateway-api/ingress-nginx-annotations.yaml', undefined],
    ]);
    expect(problems[0].message).toMatch(/GraphQL enum value/);
  });

  it('leaves the previous database untouched', async () => {
    const target = join(copy.root, 'netkb.db');
    await writeSeed(loadSeed(copy.seed), target);
    const before = readFileSync(target);
    copy.edit(ANNOTATIONS, (t) => t.replace('conversion: canary-weight', 'conversion: weights'));
    expect(() => loadSeed(copy.seed)).toThrow(SeedValidationError);
    expect(readFileSync(target).equals(before)).toBe(true);
  });

  it('is part of the knowledge base version: editing a Gateway API file changes the hash', () => {
    const before = seedHash(copy.seed);
    copy.edit(CHANGES, (t) =>
      t.replace('An HTTPRoute rule may now hold up to 64', 'An HTTPRoute rule may hold up to 64'),
    );
    expect(seedHash(copy.seed)).not.toBe(before);
    expect(loadSeed(copy.seed).hash).toBe(seedHash(copy.seed));
  });
});
