// The CEL rules of the Gateway API CRDs (x-kubernetes-validations in seed/generated/gateway-api.json) as
// ingressToGateway holds every written object against them: every rule of every bundle either runs, is a
// transition rule (not for a create), or is named as not evaluated with the reason; real rules refuse what the
// API server would refuse, after the schema's defaults are filled in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { projectRoot } from '../../src/config';
import { compiledRule, ruleOutcomes } from '../../src/convert/gateway/schema-rules';
import { schemaNodes } from '../../src/kb/gateway-api-schema-nodes';
import type { GatewayApiChannel, GatewayApiSchemaNode } from '../../src/kb/model';
import { readGatewayApiIndex } from '../../src/seed/gateway-api-index';

const index = readGatewayApiIndex(join(projectRoot(), 'seed'))!;
const releases = index.releases.map((r) => (typeof r === 'string' ? r : r.version));
const nodes: GatewayApiSchemaNode[] = schemaNodes(index, releases);

/** The nodes of a kind's version in one bundle, as the converter gets them. */
function bundleNodes(release: string, channel: GatewayApiChannel, kind: string, version = 'v1') {
  return nodes.filter(
    (n) => n.releases.includes(release) && n.channel === channel && n.kind === kind && n.version === version,
  );
}

const route = (rules: unknown[], extra: Record<string, unknown> = {}) => ({
  apiVersion: 'gateway.networking.k8s.io/v1',
  kind: 'HTTPRoute',
  metadata: { name: 'r', namespace: 'ns' },
  spec: { parentRefs: [{ name: 'gw', sectionName: 'http' }], rules, ...extra },
});
const messages = (object: Record<string, unknown>, n: ReturnType<typeof bundleNodes>) =>
  ruleOutcomes(object, n).map((o) => `${o.kind} ${o.path}: ${o.rule.message}`);

describe('every rule of every bundle in the index', () => {
  it('runs, is a transition rule, or is named as not evaluated with the reason', () => {
    const notEvaluated = new Map<string, string>();
    let programs = 0;
    for (const rule of new Set(nodes.flatMap((n) => n.rules.map((r) => r.rule)))) {
      const compiled = compiledRule(rule);
      if (compiled.kind === 'program') programs++;
      else if (compiled.kind === 'not-evaluated') notEvaluated.set(rule, compiled.reason);
      else expect(rule).toMatch(/\boldSelf\b/);
    }
    expect(programs).toBeGreaterThan(100);
    // The Kubernetes format library is the one part of Kubernetes' CEL the rules use that netkb lacks; only
    // XBackend (experimental v1.6) uses it, a kind ingressToGateway never writes.
    expect([...notEvaluated]).toEqual([
      [
        'size(self) == 0 || format.dns1123Label().validate(self) == null',
        "it uses format.dns1123Label(), which netkb's CEL evaluator does not provide",
      ],
    ]);
    const users = nodes.filter((n) => n.rules.some((r) => notEvaluated.has(r.rule)));
    expect(new Set(users.map((n) => `${n.kind} ${n.path}`))).toEqual(new Set(['XBackend spec.port.name']));
  });

  it('a rule of a node the object has that cannot be evaluated is an outcome, never passed silently', () => {
    const backend = {
      apiVersion: 'gateway.networking.x-k8s.io/v1alpha1',
      kind: 'XBackend',
      metadata: { name: 'b' },
      spec: { port: { name: 'http' } },
    };
    const found = ruleOutcomes(backend, bundleNodes('v1.6.1', 'experimental', 'XBackend', 'v1alpha1')).filter(
      (o) => o.kind === 'not-evaluated',
    );
    expect(found.map((o) => [o.path, o.detail])).toEqual([
      ['spec.port.name', "it uses format.dns1123Label(), which netkb's CEL evaluator does not provide"],
    ]);
  });

  it('keeps each rule once: nodes and releases share its object', () => {
    const objects = new Set(nodes.flatMap((n) => n.rules));
    const texts = new Set([...objects].map((r) => JSON.stringify([r.rule, r.message])));
    expect(objects.size).toBe(texts.size);
  });
});

describe('real rules of HTTPRoute v1.6.1 (standard channel)', () => {
  const http = bundleNodes('v1.6.1', 'standard', 'HTTPRoute');

  it('refuses RequestRedirect and URLRewrite in one rule', () => {
    const both = route([
      {
        filters: [
          { type: 'RequestRedirect', requestRedirect: { scheme: 'https' } },
          { type: 'URLRewrite', urlRewrite: { path: { type: 'ReplaceFullPath', replaceFullPath: '/' } } },
        ],
      },
    ]);
    expect(messages(both, http)).toEqual([
      'violated spec.rules[0].filters: May specify either httpRouteFilterRequestRedirect or httpRouteFilterRequestRewrite, but not both',
    ]);
  });

  it("fills in the schema's defaults first: a backendRef is a Service (kind's default) and needs a port", () => {
    expect(messages(route([{ backendRefs: [{ name: 'svc' }] }]), http)).toEqual([
      'violated spec.rules[0].backendRefs[0]: Must have port for Service reference',
    ]);
    expect(messages(route([{ backendRefs: [{ name: 'svc', port: 80 }] }]), http)).toEqual([]);
  });

  it('sees namespace as __namespace__, as Kubernetes escapes the reserved word', () => {
    const twice = (a: string, b: string) =>
      route([], {
        parentRefs: [
          { name: 'gw', namespace: a },
          { name: 'gw', namespace: b },
        ],
      });
    expect(messages(twice('a', 'b'), http)).toEqual([]);
    expect(messages(twice('a', 'a'), http)).toContain(
      'violated spec.parentRefs: sectionName must be unique when parentRefs includes 2 or more references to the same parent',
    );
  });

  it('refuses a ReplacePrefixMatch rewrite without exactly one PathPrefix match (has() on an index)', () => {
    const rewrite = {
      type: 'URLRewrite',
      urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/' } },
    };
    expect(
      messages(route([{ matches: [{ path: { type: 'Exact', value: '/a' } }], filters: [rewrite] }]), http),
    ).toEqual([
      'violated spec.rules[0]: When using URLRewrite filter with path.replacePrefixMatch, exactly one PathPrefix match must be specified',
    ]);
    expect(
      messages(route([{ matches: [{ path: { type: 'PathPrefix', value: '/a' } }], filters: [rewrite] }]), http),
    ).toEqual([]);
  });

  it('compares durations: backendRequest no longer than request', () => {
    expect(messages(route([{ timeouts: { request: '10s', backendRequest: '1m' } }]), http)).toEqual([
      'violated spec.rules[0].timeouts: backendRequest timeout cannot be longer than request timeout',
    ]);
    expect(messages(route([{ timeouts: { request: '0s', backendRequest: '1m' } }]), http)).toEqual([]);
  });

  it('passes every object the fixture tls-rewrite-timeouts writes, and refuses one broken on purpose', () => {
    const text = readFileSync(join(projectRoot(), 'test/fixtures/gateway/tls-rewrite-timeouts/out.yaml'), 'utf8');
    const written = parseAllDocuments(text).map((d) => (d as { toJS(): Record<string, unknown> }).toJS());
    for (const o of written) expect(messages(o, bundleNodes('v1.6.1', 'standard', String(o.kind)))).toEqual([]);
    const rewriting = written.find((o) => JSON.stringify(o).includes('"URLRewrite"'))!;
    const broken = structuredClone(rewriting) as { spec: { rules: { filters?: unknown[] }[] } };
    const rule = broken.spec.rules.find((r) => JSON.stringify(r.filters ?? []).includes('URLRewrite'))!;
    rule.filters!.push({ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } });
    expect(messages(broken, http)).toContainEqual(
      expect.stringMatching(/^violated spec\.rules\[\d+\]\.filters: May specify either httpRouteFilterRequestRedirect/),
    );
  });
});

describe('real rules of TLSRoute v1.6.1 (standard channel): hostnames', () => {
  const tls = bundleNodes('v1.6.1', 'standard', 'TLSRoute');
  const tlsRoute = (hostnames: string[]) => ({
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'TLSRoute',
    metadata: { name: 't' },
    spec: { hostnames, rules: [{ backendRefs: [{ name: 's', port: 443 }] }] },
  });

  it('refuses a wildcard that is not the first label, and an IP address (isIP of the Kubernetes IP library)', () => {
    expect(messages(tlsRoute(['*.example.com', 'example.com']), tls)).toEqual([]);
    expect(messages(tlsRoute(['foo.*.example.com']), tls)).toEqual([
      'violated spec.hostnames: Wildcards on hostnames must be the first label, and the rest of hostname must be valid based on RFC-1123',
    ]);
    expect(messages(tlsRoute(['2001:db8::1']), tls)).toContain(
      'violated spec.hostnames: Hostnames cannot contain an IP',
    );
    expect(messages(tlsRoute(['10.0.0.1']), tls)).toContain('violated spec.hostnames: Hostnames cannot contain an IP');
  });
});

describe('transition rules', () => {
  it('are not evaluated for a create: GatewayClass controllerName is immutable (self == oldSelf)', () => {
    const gc = bundleNodes('v1.6.1', 'standard', 'GatewayClass');
    expect(gc.some((n) => n.rules.some((r) => r.rule === 'self == oldSelf'))).toBe(true);
    const object = {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'GatewayClass',
      metadata: { name: 'c' },
      spec: { controllerName: 'example.com/controller' },
    };
    expect(ruleOutcomes(object, gc)).toEqual([]);
  });
});
