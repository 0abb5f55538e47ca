// ingressToGateway fixtures: test/fixtures/gateway/<case>/{in.yaml,out.yaml,unconverted.txt}. in.yaml may
// name the GatewayClass in a comment ("# gateway-class: NAME") and the Gateway API release to write for
// ("# gateway-api: TAG", default the latest); unconverted.txt lists the findings left
// ("<line> <severity> <messageId> <path>", or "nothing"). Each output is compared byte for byte and each of
// its objects is validated against the structural schema (openAPIV3Schema) of its CRD in the bundle it is
// written for, from seed/generated/gateway-api.json, with ajv. Then: every annotation record that names a
// strategy, and every pathType, is exercised by some fixture.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { projectRoot } from '../../src/config';
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { analysisKb } from '../../src/services/analysis-kb';
import { ingressToGateway as convertWith } from '../../src/convert/gateway/plan';
import { gatewayBundle, ingressToGateway } from '../../src/services/ingress-to-gateway';
import { fixtureOptions } from '../support/gateway-fixture-header';
import { gatewaySchemas, implementationSchemas } from '../support/gateway-schemas';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
const tables = gatewaySchemas();
const policyTables = implementationSchemas();

const ROOT = join(projectRoot(), 'test', 'fixtures', 'gateway');
const CASES = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const read = (name: string, file: string) => readFileSync(join(ROOT, name, file), 'utf8');

beforeAll(async () => {
  kb = await testKnowledgeBase();
});

/** The Gateway API release a fixture's in.yaml names ("# gateway-api: TAG"); null: the latest. */
const gatewayApiOf = (input: string) => /^# gateway-api: (.+)$/m.exec(input)?.[1] ?? null;

function convert(name: string) {
  const input = read(name, 'in.yaml');
  return ingressToGateway(kb, { manifest: input, ...fixtureOptions(input), gatewayApi: gatewayApiOf(input) });
}

describe.each(CASES)('fixture %s', (name) => {
  it('converts in.yaml into out.yaml, byte for byte, leaving what unconverted.txt lists', () => {
    const result = convert(name);
    expect(result.manifest).toBe(read(name, 'out.yaml'));
    const left = result.unconverted.map((f) => `${f.line} ${f.severity} ${f.messageId} ${f.path}\n`).join('');
    expect(left || 'nothing\n').toBe(read(name, 'unconverted.txt'));
    expect(result.changes.length).toBeGreaterThan(0);
    for (const f of result.unconverted) expect(f.message).toMatch(/not converted|not written|no |names no/i);
  });

  it('places every change on a line of the Ingress it names', () => {
    const lines = read(name, 'in.yaml').split('\n');
    // The first line of each document (after a "---" or the file's start) and the line after its last.
    const starts = [0, ...lines.flatMap((l, i) => (/^---/.test(l) ? [i + 1] : [])), lines.length].map((i) => i + 1);
    for (const c of convert(name).changes) {
      const doc = starts.findIndex((s, i) => s <= c.resource.line && c.resource.line < starts[i + 1]);
      expect(doc).toBeGreaterThanOrEqual(0);
      const where = `${c.line}: ${c.description}`;
      expect({ where, inDocument: c.line >= starts[doc] && c.line < starts[doc + 1] }).toEqual({
        where,
        inDocument: true,
      });
      expect({ where, text: lines[c.line - 1].trim() === '' }).toEqual({ where, text: false });
    }
  });

  it('marks UNPROTECTED exactly the routes listed in unprotected, each with a BREAKING finding of its Ingress', () => {
    const result = convert(name);
    const marked = result.manifest
      .split(/^---\n/m)
      .filter((doc) => /^# UNPROTECTED: /m.test(doc))
      .map((doc) => /^metadata:\n {2}name: (.+)$/m.exec(doc)?.[1]);
    expect(marked).toEqual(result.unprotected.map((u) => u.name));
    for (const u of result.unprotected) {
      expect(u.lost.length).toBeGreaterThan(0);
      const breaking = result.unconverted.filter(
        (f) => f.messageId === 'access-not-converted' && f.resource.line === u.ingress.line,
      );
      expect({ route: u.name, named: breaking.some((f) => f.message.includes(u.name)) }).toEqual({
        route: u.name,
        named: true,
      });
    }
  });

  it('writes no two objects of the same kind, namespace and name (one would replace the other)', () => {
    const docs = parseAllDocuments(convert(name).manifest);
    const keys = (Array.isArray(docs) ? docs : []).map((doc) => {
      const o = doc.toJS() as { kind: string; metadata: { name: string; namespace?: string } };
      return `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    });
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("writes objects the bundle's CRD schemas accept (an implementation's policies: its release's CRDs)", () => {
    const release =
      gatewayApiOf(read(name, 'in.yaml')) ?? kb.gatewayApi.releases[kb.gatewayApi.releases.length - 1].version;
    expect(tables.releases).toContain(release);
    const implementation = convert(name).implementation;
    const docs = parseAllDocuments(read(name, 'out.yaml'));
    expect(Array.isArray(docs) && docs.length > 0).toBe(true);
    for (const doc of Array.isArray(docs) ? docs : []) {
      expect(doc.errors).toEqual([]);
      const object = doc.toJS() as { apiVersion: string; kind: string; spec: unknown };
      const validate = object.apiVersion.startsWith(`${policyTables.group}/`)
        ? policyTables.validatorFor(implementation!.release, object.apiVersion, object.kind)
        : tables.validatorFor(release, 'standard', object.apiVersion, object.kind);
      const ok = validate(object);
      expect({ kind: object.kind, errors: ok ? null : validate.errors }).toEqual({ kind: object.kind, errors: null });
    }
  });
});

describe('the provider as data', () => {
  // The same Ingresses under another controller's names: a provider record with another prefix and class
  // annotation, and the annotation records renamed to match, convert to the same objects. A name written
  // into the converter's code would make some fixture differ.
  const OLD_PREFIX = 'nginx.ingress.kubernetes.io/';
  const rename = (text: string) =>
    text.split(OLD_PREFIX).join('lb.example.com/').split('kubernetes.io/ingress.class').join('example.com/lb-class');

  it.each(CASES)('fixture %s converts alike under renamed annotations', (name) => {
    const nginx = kb.gatewayApi.providers.find((p) => p.id === 'INGRESS_NGINX')!;
    expect(nginx.annotationPrefix).toBe(OLD_PREFIX);
    const input = rename(read(name, 'in.yaml'));
    const latest = kb.releases[kb.releases.length - 1].version;
    const header = fixtureOptions(input);
    const implementation = kb.gatewayApi.implementations.find((i) => i.id === header.implementation);
    const result = convertWith(input, {
      gatewayClassName: header.gatewayClassName,
      ingressClass: null,
      provider: {
        ...nginx,
        annotationPrefix: 'lb.example.com/',
        classAnnotation: 'example.com/lb-class',
        regexPathsAnnotation: rename(nginx.regexPathsAnnotation!),
      },
      annotations: kb.gatewayApi.annotations.map((a) => ({ ...a, name: rename(a.name) })),
      bundle: gatewayBundle(
        kb.gatewayApi,
        kb.gatewayApi.releases.find((r) => r.version === gatewayApiOf(input)) ?? null,
      ),
      convert: { kb: analysisKb(kb), path: { from: latest, to: latest, releases: [latest] } },
      effectiveIn: latest,
      implementation: implementation
        ? {
            record: {
              ...implementation,
              capabilities: implementation.capabilities.map((c) => ({ ...c, annotation: rename(c.annotation) })),
            },
            release: header.implementationVersion ?? implementation.releases[implementation.releases.length - 1],
          }
        : null,
    });
    // The output names annotations only where a route is marked UNPROTECTED: renamed there too.
    expect(result.manifest).toBe(rename(read(name, 'out.yaml')));
    const left = result.unconverted.map((f) => `${f.line} ${f.severity} ${f.messageId} ${f.path}\n`).join('');
    expect(left.split(OLD_PREFIX).join('lb.example.com/')).toBe(
      rename(read(name, 'unconverted.txt')).replace(/^nothing\n$/, ''),
    );
  });

  it("redirects a path to its location ending in / with the record's code: none where the record gives none, the closest the bundle accepts with a warning", () => {
    const nginx = kb.gatewayApi.providers.find((p) => p.id === 'INGRESS_NGINX')!;
    const input = read('trailing-slash-redirect', 'in.yaml');
    const latest = kb.releases[kb.releases.length - 1].version;
    // v1.4.1 is the last release whose RequestRedirect statusCode does not accept 308.
    const older = kb.gatewayApi.releases.find((r) => r.version === 'v1.4.1')!;
    const convertAs = (trailingSlashRedirectCode: number | null) =>
      convertWith(input, {
        gatewayClassName: null,
        ingressClass: null,
        provider: { ...nginx, trailingSlashRedirectCode },
        annotations: kb.gatewayApi.annotations,
        bundle: gatewayBundle(kb.gatewayApi, older),
        convert: { kb: analysisKb(kb), path: { from: latest, to: latest, releases: [latest] } },
        effectiveIn: latest,
        implementation: null,
      });
    const unknown = convertAs(null);
    expect(unknown.manifest).not.toContain('replaceFullPath');
    expect(unknown.changes.map((c) => c.description).filter((d) => d.includes(' redirect to '))).toEqual([]);
    expect(unknown.unconverted.map((f) => f.messageId)).not.toContain('redirect-code');
    const permanent = convertAs(308);
    expect(permanent.manifest.match(/replaceFullPath: /g)).toHaveLength(4);
    expect(permanent.manifest).not.toContain('statusCode: 308');
    const codes = permanent.unconverted.filter((f) => f.messageId === 'redirect-code');
    expect(codes.map((f) => f.line)).toEqual([40, 54, 82, 115]);
    expect(codes[0].message).toBe(
      'The status code of the redirect of /foo to /foo/ is not converted as it was: ingress-nginx answers 308, but the Gateway API bundle v1.4.1 (standard channel) accepts no value 308 for HTTPRoute spec.rules[].filters[].requestRedirect.statusCode; the first release that accepts it is v1.5.0 (standard channel); the redirect answers 301.',
    );
  });
});

describe('the fixtures together', () => {
  const inputs = CASES.map((c) => read(c, 'in.yaml')).join('\n');

  it('use every ingress-nginx annotation whose record names a conversion strategy', () => {
    const converted = kb.gatewayApi.annotations.filter((a) => a.conversion !== null);
    expect(converted.length).toBeGreaterThan(10);
    const missing = converted.filter((a) => !inputs.includes(`${a.name}:`)).map((a) => a.name);
    expect(missing).toEqual([]);
  });

  it('use every annotation that turns an access control on, and one that leaves it off', () => {
    const guards = kb.gatewayApi.annotations.filter((a) => a.access?.part === 'guard');
    expect(guards.length).toBeGreaterThanOrEqual(4);
    expect(guards.filter((a) => !inputs.includes(`${a.name}:`)).map((a) => a.name)).toEqual([]);
    const off = kb.gatewayApi.annotations.filter((a) => a.access && a.access.offValues.length > 0);
    expect(off.some((a) => a.access!.offValues.some((v) => inputs.includes(`${a.name}: "${v}"`)))).toBe(true);
  });

  it('use every pathType, TLS, a default backend, an old API version and a ReferenceGrant', () => {
    for (const t of ['Exact', 'Prefix', 'ImplementationSpecific']) expect(inputs).toContain(`pathType: ${t}`);
    expect(inputs).toContain('extensions/v1beta1');
    expect(inputs).toContain('defaultBackend:');
    expect(inputs).toContain('secretName:');
    expect(CASES.map((c) => read(c, 'out.yaml')).join('\n')).toContain('kind: ReferenceGrant');
  });

  it('the schema check itself refuses what a bundle does not accept', () => {
    const release = kb.gatewayApi.releases[kb.gatewayApi.releases.length - 1].version;
    const validate = tables.validatorFor(release, 'standard', 'gateway.networking.k8s.io/v1', 'HTTPRoute');
    const bad = {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: { name: 'x' },
      spec: { rules: [{ matches: [{ path: { type: 'Glob', value: '/x' } }], timeouts: { request: '10 seconds' } }] },
    };
    expect(validate(bad)).toBe(false);
    expect(JSON.stringify(validate.errors)).toMatch(/enum|pattern/);
  });
});
