// Fuzzing: generated manifests (random text, random and Kubernetes-shaped objects, mutated real
// manifests, deep nesting, huge scalars, alias chains) and GraphQL documents. The property: an answer
// with data or a client error code, never an unexpected error or a 5xx, and the server healthy after.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { NetkbError } from '../../src/errors';
import { CLIENT_CODES } from '../../src/graphql/errors';
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { formatVersion } from '../../src/kb/version';
import { projectRoot } from '../../src/config';
import { upgradeReport } from '../../src/services/upgrade-report';
import { startTestServer, type TestServer } from '../support/http';
import { testKnowledgeBase } from '../support/knowledge-base';

jest.setTimeout(240_000);

const RUNS = Number(process.env.NETKB_FUZZ_RUNS ?? 10_000);
const fixtureDir = join(projectRoot(), 'test', 'fixtures');
const realManifests = ['real-world', ...readdirSync(join(fixtureDir, 'rules')).map((d) => join('rules', d))].flatMap(
  (d) =>
    readdirSync(join(fixtureDir, d))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => readFileSync(join(fixtureDir, d, f), 'utf8')),
);

let kb: KnowledgeBase;
let server: TestServer;
beforeAll(async () => {
  kb = await testKnowledgeBase();
  server = await startTestServer({ maxManifestBytes: 256 * 1024 });
});
afterAll(() => server.close());

const clientError = (e: unknown) => e instanceof NetkbError && CLIENT_CODES.has(e.code);

function manifests(): fc.Arbitrary<string> {
  const apiVersions = kb.apiVersions.map((a) => [a.apiVersion, a.kind] as const);
  const k8sObject = fc
    .record({
      pair: fc.constantFrom(...apiVersions),
      name: fc.string({ maxLength: 70 }),
      namespace: fc.option(fc.string({ maxLength: 70 })),
      spec: fc.jsonValue({ maxDepth: 5 }),
      template: fc.option(
        fc.record({
          metadata: fc.record({
            labels: fc.dictionary(
              fc.constantFrom(...kb.wellKnownKeys.map((k) => k.key), 'app'),
              fc.string({ maxLength: 10 }),
            ),
          }),
          spec: fc.record({
            setHostnameAsFQDN: fc.boolean(),
            subdomain: fc.string({ maxLength: 70 }),
            hostname: fc.string({ maxLength: 70 }),
            nodeSelector: fc.dictionary(
              fc.constantFrom(...kb.wellKnownKeys.map((k) => k.key)),
              fc.string({ maxLength: 5 }),
            ),
            containers: fc.array(
              fc.record({
                name: fc.string({ maxLength: 10 }),
                image: fc.constantFrom('kube-proxy:v1', 'registry.k8s.io/kubelet:v1.20', 'nginx', ''),
                command: fc.array(
                  fc.oneof(
                    fc.constantFrom(
                      ...kb.flags.map((f) => f.name),
                      '--feature-gates=IPv6DualStack=true,X=false',
                      'kube-proxy',
                      'sh -c "kube-proxy --conntrack-max=1"',
                    ),
                    fc.string(),
                  ),
                  { maxLength: 8 },
                ),
              }),
              { maxLength: 3 },
            ),
          }),
        }),
      ),
    })
    .map(({ pair, name, namespace, spec, template }) =>
      stringify({
        apiVersion: pair[0],
        kind: pair[1],
        metadata: { name, ...(namespace ? { namespace } : {}) },
        spec: template ? { template, extra: spec } : spec,
      }),
    );
  const mutated = fc
    .tuple(
      fc.constantFrom(...realManifests),
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 6 }),
    )
    .map(([text, edits]) =>
      edits.reduce((t, [at, cut, insert]) => {
        const i = at % (t.length + 1);
        return t.slice(0, i) + insert + t.slice(i + cut);
      }, text),
    );
  const deep = fc
    .tuple(fc.integer({ min: 1, max: 300 }), fc.boolean())
    .map(([n, flow]) =>
      flow
        ? `apiVersion: v1\nkind: ConfigMap\ndata: ${'['.repeat(n)}${']'.repeat(n)}\n`
        : `apiVersion: v1\nkind: ConfigMap\n${Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')} x\n`,
    );
  const huge = fc
    .integer({ min: 1, max: 200_000 })
    .map((n) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata:\n  x: "${'y'.repeat(n)}"\n`);
  const aliases = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })).map(([levels, width]) => {
    const rows = ['l0: &l0 [x]'];
    for (let i = 1; i <= levels; i++)
      rows.push(`l${i}: &l${i} [${Array.from({ length: width }, () => `*l${i - 1}`).join(', ')}]`);
    return `${rows.join('\n')}\napiVersion: v1\nkind: ConfigMap\n`;
  });
  const many = fc.array(k8sObject, { maxLength: 8 }).map((docs) => docs.join('---\n'));
  return fc.oneof(
    fc.string({ maxLength: 400 }),
    fc.jsonValue().map((v) => stringify(v)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    k8sObject,
    many,
    mutated,
    deep,
    huge,
    aliases,
  );
}

describe('upgradeReport under generated manifests', () => {
  it(`answers ${RUNS} generated manifests with a report or a client error`, () => {
    const releases = kb.releases.map((r) => formatVersion(r.version));
    const range = fc
      .tuple(fc.constantFrom(...releases), fc.constantFrom(...releases))
      .map(([a, b]) => (Number(a.split('.')[1]) <= Number(b.split('.')[1]) ? [a, b] : [b, a]));
    fc.assert(
      fc.property(manifests(), range, (text, [from, to]) => {
        try {
          const report = upgradeReport(kb, { from, to, manifest: text, limits: { maxBytes: 256 * 1024 } });
          return (
            Array.isArray(report.findings) &&
            report.summary.breaking + report.summary.warning + report.summary.info === report.findings.length
          );
        } catch (e) {
          if (clientError(e)) return true;
          throw e;
        }
      }),
      { numRuns: RUNS, seed: Number(process.env.NETKB_FUZZ_SEED ?? 20261130) },
    );
  });

  it('answers generated version arguments with a report or BAD_USER_INPUT', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('1.20', 'v1.20', '1.20.3', '1.9', '2.0', '01.020', '1.20.', 'v1.2'),
        ),
        (version) => {
          try {
            upgradeReport(kb, { from: version, to: '1.21', manifest: 'apiVersion: v1\nkind: ConfigMap\n' });
            return true;
          } catch (e) {
            return e instanceof NetkbError && e.code === 'BAD_USER_INPUT';
          }
        },
      ),
      { numRuns: 2_000, seed: 20261130 },
    );
  });
});

describe('the server under generated requests', () => {
  const queries = [
    '{ releases { version } }',
    '{ featureGate(name: "IPv6DualStack") { lifecycle { stage since } } }',
    '{ changes(first: 5) { edges { node { summary } } } }',
    '{ diff(from: "1.18", to: "1.22") { removedFlags { name } } }',
    '{ search(text: "kube-proxy") { totalCount nodes { score type } } }',
  ];
  const documents = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc
      .tuple(
        fc.constantFrom(...queries),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 10 }), fc.string({ maxLength: 8 })), { maxLength: 4 }),
      )
      .map(([q, edits]) =>
        edits.reduce((t, [at, cut, insert]) => {
          const i = at % (t.length + 1);
          return t.slice(0, i) + insert + t.slice(i + cut);
        }, q),
      ),
  );

  it('answers generated GraphQL documents and manifests with data or a client error, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(documents, manifests(), fc.boolean(), async (doc, manifest, asReport) => {
        const body = asReport
          ? {
              query: 'query($m: String!) { upgradeReport(from: "1.15", to: "1.22", manifest: $m) { documents } }',
              variables: { m: manifest },
            }
          : { query: doc };
        const res = await fetch(server.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status >= 500) return false;
        const json = (await res.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
        return json.errors === undefined
          ? json.data !== undefined
          : json.errors.every((e) => CLIENT_CODES.has(String(e.extensions?.code)));
      }),
      { numRuns: Number(process.env.NETKB_FUZZ_HTTP_RUNS ?? 600), seed: 20261130 },
    );
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect((await server.data('{ release(version: "1.20") { version } }')).release.version).toBe('1.20');
  });
});
