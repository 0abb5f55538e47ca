// Fuzzing convertManifest: generated objects of every recorded API version (with Ingress backends, Pod
// templates, flags and gates, topology labels), mutated conversion fixtures, and random text. The
// properties: an answer or a client error, never an unexpected error; the answer is valid YAML that
// converts to itself; untouched documents come back byte for byte.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseAllDocuments, stringify } from 'yaml';
import { projectRoot } from '../../src/config';
import { NetkbError } from '../../src/errors';
import { CLIENT_CODES } from '../../src/graphql/errors';
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { formatVersion } from '../../src/kb/version';
import { convertManifest } from '../../src/services/convert-manifest';
import { testKnowledgeBase } from '../support/knowledge-base';

jest.setTimeout(240_000);

const RUNS = Number(process.env.NETKB_FUZZ_CONVERT_RUNS ?? 2_000);
const dir = join(projectRoot(), 'test', 'fixtures', 'convert');
const fixtures = readdirSync(dir).map((d) => readFileSync(join(dir, d, 'before.yaml'), 'utf8'));

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

function manifests(): fc.Arbitrary<string> {
  const pairs = kb.apiVersions.map((a) => [a.apiVersion, a.kind] as const);
  const keys = kb.wellKnownKeys.map((k) => k.key);
  const backend = fc.record(
    {
      serviceName: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
      servicePort: fc.oneof(fc.integer({ min: 0, max: 70000 }), fc.string({ maxLength: 8 })),
    },
    { requiredKeys: [] },
  );
  const object = fc
    .record({
      pair: fc.constantFrom(...pairs),
      spec: fc.record(
        {
          backend: fc.option(backend),
          rules: fc.option(
            fc.array(
              fc.record({
                http: fc.record({
                  paths: fc.array(
                    fc.oneof(fc.record({ path: fc.string({ maxLength: 5 }), backend }), fc.jsonValue({ maxDepth: 2 })),
                    { maxLength: 3 },
                  ),
                }),
              }),
              { maxLength: 2 },
            ),
          ),
          selector: fc.option(
            fc.oneof(
              fc.constant({}),
              fc.record({ matchLabels: fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 })) }),
            ),
          ),
          rollbackTo: fc.option(fc.jsonValue({ maxDepth: 1 })),
          template: fc.option(
            fc.record({
              metadata: fc.record({
                labels: fc.option(fc.dictionary(fc.constantFrom('app', ...keys), fc.string({ maxLength: 6 }))),
              }),
              spec: fc.record({
                nodeSelector: fc.dictionary(fc.constantFrom(...keys), fc.string({ maxLength: 5 })),
                containers: fc.array(
                  fc.record({
                    name: fc.string({ maxLength: 6 }),
                    image: fc.constantFrom('kube-proxy:v1', 'nginx'),
                    command: fc.array(
                      fc.oneof(
                        fc.constantFrom(
                          ...kb.flags.map((f) => f.name),
                          '--conntrack-max=5',
                          '--conntrack-max',
                          '0',
                          '--feature-gates=IPv6DualStack=true,ServiceTopology=false',
                          'kube-proxy',
                        ),
                        fc.string({ maxLength: 6 }),
                      ),
                      { maxLength: 6 },
                    ),
                  }),
                  { maxLength: 2 },
                ),
              }),
            }),
          ),
        },
        { requiredKeys: [] },
      ),
      endpoints: fc.option(
        fc.array(
          fc.record({
            topology: fc.oneof(
              fc.dictionary(
                fc.constantFrom('kubernetes.io/hostname', 'topology.kubernetes.io/zone', 'x'),
                fc.string({ maxLength: 4 }),
              ),
              fc.jsonValue({ maxDepth: 1 }),
            ),
          }),
          { maxLength: 3 },
        ),
      ),
    })
    .map(({ pair, spec, endpoints }) =>
      stringify({
        apiVersion: pair[0],
        kind: pair[1],
        metadata: { name: 'x' },
        spec,
        ...(endpoints ? { endpoints } : {}),
      }),
    );
  const mutated = fc
    .tuple(
      fc.constantFrom(...fixtures),
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 20 }), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 4 }),
    )
    .map(([text, edits]) =>
      edits.reduce((t, [at, cut, insert]) => {
        const i = at % (t.length + 1);
        return t.slice(0, i) + insert + t.slice(i + cut);
      }, text),
    );
  return fc.oneof(
    object,
    fc.array(object, { maxLength: 4 }).map((d) => d.join('---\n')),
    mutated,
    fc.constantFrom(...fixtures),
    fc.string({ maxLength: 200 }),
  );
}

describe('convertManifest under generated manifests', () => {
  it(`answers ${RUNS} generated manifests with a valid, stable conversion or a client error`, () => {
    const releases = kb.releases.map((r) => formatVersion(r.version));
    const range = fc
      .tuple(fc.constantFrom(...releases), fc.constantFrom(...releases))
      .map(([a, b]) => (Number(a.split('.')[1]) <= Number(b.split('.')[1]) ? [a, b] : [b, a]));
    fc.assert(
      fc.property(manifests(), range, (text, [from, to]) => {
        let result;
        try {
          result = convertManifest(kb, from, to, text, { maxBytes: 256 * 1024 });
        } catch (e) {
          if (e instanceof NetkbError && CLIENT_CODES.has(e.code)) return true;
          throw e;
        }
        if (result.changes.length === 0 && result.manifest !== text) return false;
        for (const doc of parseAllDocuments(result.manifest, { uniqueKeys: false }))
          if (doc.errors.length > 0) return false;
        const again = convertManifest(kb, from, to, result.manifest, { maxBytes: 256 * 1024 });
        return again.manifest === result.manifest && again.changes.length === 0;
      }),
      { numRuns: RUNS, seed: Number(process.env.NETKB_FUZZ_SEED ?? 20261130) },
    );
  });
});
