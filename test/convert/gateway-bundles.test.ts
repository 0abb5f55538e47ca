// ingressToGateway written for a chosen Gateway API release and channel: every fixture of
// test/fixtures/gateway converted for every release of the knowledge base in both channels. What is written
// must be accepted by that bundle's own CRD schemas and CEL rules; what the bundle cannot hold must be left out
// and listed (not-in-bundle, BREAKING) with the first release that has it, what its rules refuse likewise
// (invalid-for-bundle, BREAKING), never written and never dropped in silence.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { projectRoot } from '../../src/config';
import type { KnowledgeBase } from '../../src/kb/knowledge-base';
import type { GatewayApiChannel } from '../../src/kb/model';
import { ingressToGateway } from '../../src/services/ingress-to-gateway';
import { fixtureOptions } from '../support/gateway-fixture-header';
import { gatewaySchemas, implementationSchemas } from '../support/gateway-schemas';
import { testKnowledgeBase } from '../support/knowledge-base';

const ROOT = join(projectRoot(), 'test', 'fixtures', 'gateway');
const CASES = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const input = (name: string) => readFileSync(join(ROOT, name, 'in.yaml'), 'utf8');
const tables = gatewaySchemas();
const policyTables = implementationSchemas();
const CHANNELS: GatewayApiChannel[] = ['standard', 'experimental'];

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

function convert(name: string, gatewayApi: string | null, channel: GatewayApiChannel = 'standard') {
  const text = input(name);
  return ingressToGateway(kb, {
    manifest: text,
    ...fixtureOptions(text),
    gatewayApi,
    gatewayApiChannel: channel === 'experimental' ? 'EXPERIMENTAL' : 'STANDARD',
  });
}

/** The objects of a manifest: kind and namespace/name. */
function objects(manifest: string): { kind: string; ref: string; object: Record<string, unknown> }[] {
  if (manifest === '') return [];
  return parseAllDocuments(manifest).flatMap((doc) => {
    if (!('toJS' in doc)) throw new Error('not a document');
    const object = doc.toJS() as { kind: string; metadata: { name: string; namespace?: string } };
    const { name, namespace } = object.metadata;
    return [{ kind: object.kind, ref: `${namespace ? `${namespace}/` : ''}${name}`, object }];
  });
}

/** The first release (oldest first) whose channel serves the kind, as the knowledge base says. */
function firstWithKind(kind: string, channel: GatewayApiChannel): string | undefined {
  return kb.gatewayApi.releases.find((r) => r.kinds.some((k) => k.kind === kind && k.channel === channel))?.version;
}

/** The first release whose channel has the field on the kind's storage version. */
function firstWithField(kind: string, path: string, channel: GatewayApiChannel): string | undefined {
  return kb.gatewayApi.releases.find((r) => {
    const k = r.kinds.find((x) => x.kind === kind && x.channel === channel);
    return (
      k !== undefined &&
      kb.gatewayApi.fields.some(
        (f) =>
          f.kind === kind &&
          f.version === k.storageVersion &&
          f.channel === channel &&
          f.path === path &&
          f.releases.includes(r.version),
      )
    );
  })?.version;
}

describe.each(CHANNELS)('every release, %s channel', (channel) => {
  it.each(CASES)('fixture %s: what is written fits the bundle, what is not is listed', (name) => {
    const latest = objects(convert(name, null).manifest);
    for (const release of kb.gatewayApi.releases.map((r) => r.version)) {
      const result = convert(name, release, channel);
      expect(result.gatewayApi).toEqual({ version: release, channel });
      const written = objects(result.manifest);
      for (const { kind, object } of written) {
        const validate = String(object.apiVersion).startsWith(`${policyTables.group}/`)
          ? policyTables.validatorFor(result.implementation!.release, String(object.apiVersion), kind)
          : tables.validatorFor(release, channel, String(object.apiVersion), kind);
        const ok = validate(object);
        expect({ release, kind, errors: ok ? null : validate.errors }).toEqual({ release, kind, errors: null });
      }
      const left = result.unconverted.filter((f) => ['not-in-bundle', 'invalid-for-bundle'].includes(f.messageId));
      for (const f of left) {
        expect(f.severity).toBe('BREAKING');
        expect(f.gatewayApiRelease).toBe(release);
      }
      // Every rule of every node written was evaluated: none is named as not evaluated.
      expect(result.unconverted.filter((f) => f.messageId === 'rule-not-evaluated')).toEqual([]);
      // An object the latest standard bundle writes is written here too, or listed by kind and name.
      const kept = new Set(written.map((o) => `${o.kind} ${o.ref}`));
      for (const o of latest) {
        if (kept.has(`${o.kind} ${o.ref}`)) continue;
        expect({
          release,
          object: `${o.kind} ${o.ref}`,
          listed: left.some((f) => f.message.startsWith(`${o.kind} ${o.ref} is not written`)),
        }).toEqual({
          release,
          object: `${o.kind} ${o.ref}`,
          listed: true,
        });
      }
    }
  });
});

describe('what an older bundle lacks', () => {
  it('leaves out a ReferenceGrant where the channel has none, naming the first release that has one', () => {
    const without = kb.gatewayApi.releases.find(
      (r) => !r.kinds.some((k) => k.kind === 'ReferenceGrant' && k.channel === 'standard'),
    );
    if (!without) return; // every release of this seed has the kind: nothing to leave out
    const result = convert('cross-namespace', without.version);
    expect(objects(result.manifest).map((o) => o.kind)).not.toContain('ReferenceGrant');
    const f = result.unconverted.find(
      (x) => x.messageId === 'not-in-bundle' && x.message.startsWith('ReferenceGrant '),
    );
    expect(f?.message).toContain(
      `has no kind ReferenceGrant; the first release that has it is ${firstWithKind('ReferenceGrant', 'standard')} (standard channel)`,
    );
  });

  it('leaves out a TLSRoute where the channel has none, and the Passthrough listener only it would use', () => {
    const first = firstWithKind('TLSRoute', 'standard')!;
    const index = kb.gatewayApi.releases.findIndex((r) => r.version === first);
    expect(index).toBeGreaterThan(0);
    const before = kb.gatewayApi.releases[index - 1].version;
    const older = convert('ssl-passthrough', before);
    const written = objects(older.manifest);
    expect(written.map((o) => o.kind)).not.toContain('TLSRoute');
    expect(older.manifest).not.toContain('protocol: TLS');
    const left = older.unconverted.filter((f) => f.messageId === 'not-in-bundle');
    expect(left.length).toBeGreaterThan(0);
    for (const f of left) {
      expect(f.message).toMatch(/^TLSRoute \S+ is not written: /);
      expect(f.message).toContain(`the first release that has it is ${first} (standard channel)`);
      expect(f.message).toMatch(/nor is the listener tls-\S+ of Gateway nginx/);
    }
    // The experimental channel of the same release has TLSRoute (v1alpha2): written, with its listener.
    const experimental = convert('ssl-passthrough', before, 'experimental');
    expect(objects(experimental.manifest).filter((o) => o.kind === 'TLSRoute')).toHaveLength(left.length);
    expect(experimental.manifest.match(/protocol: TLS\n/g)).toHaveLength(left.length);
    // From the first release that has it in the standard channel: written.
    expect(objects(convert('ssl-passthrough', first).manifest).filter((o) => o.kind === 'TLSRoute')).toHaveLength(
      left.length,
    );
  });

  it('leaves out a route whose URLRewrite the bundle lacks, rather than serve paths the backend does not expect', () => {
    const path = 'spec.rules[].filters[].urlRewrite';
    const first = firstWithField('HTTPRoute', path, 'standard');
    const before = kb.gatewayApi.releases[kb.gatewayApi.releases.findIndex((r) => r.version === first) - 1];
    expect(first && before).toBeTruthy();
    const latest = convert('tls-rewrite-timeouts', null);
    const rewriting = objects(latest.manifest).filter((o) => JSON.stringify(o.object).includes('"urlRewrite"'));
    expect(rewriting.length).toBeGreaterThan(0);
    const older = convert('tls-rewrite-timeouts', before.version);
    const refs = objects(older.manifest).map((o) => `${o.kind} ${o.ref}`);
    for (const o of rewriting) {
      expect(refs).not.toContain(`${o.kind} ${o.ref}`);
      expect(older.unconverted.map((f) => f.message)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            // The filter's type value comes first in the object, so it is what is named (or the field itself).
            `^HTTPRoute ${o.ref} is not written: .*(has no HTTPRoute ${path.replace(/[[\].]/g, '\\$&')}|accepts no value "URLRewrite" for HTTPRoute spec\\.rules\\[\\]\\.filters\\[\\]\\.type).*first release that (has|accepts) it is ${first}`,
          ),
        ),
      );
    }
    // The same Ingresses at the first release that has it: written.
    expect(objects(convert('tls-rewrite-timeouts', first!).manifest).map((o) => `${o.kind} ${o.ref}`)).toEqual(
      expect.arrayContaining(rewriting.map((o) => `${o.kind} ${o.ref}`)),
    );
  });

  it("leaves out a Gateway its bundle's CEL rules refuse: v0.8.0's listener rule counts a listener without hostname as the same as one with", () => {
    // v0.8.0's rule on spec.listeners compares hostnames only when both listeners have one; v0.8.1's requires
    // both to lack one. default-backend writes a listener without hostname beside one with, on port 80.
    const rule = (release: string) =>
      kb.gatewayApi.schemaNodes
        .filter((n) => n.kind === 'Gateway' && n.path === 'spec.listeners' && n.releases.includes(release))
        .flatMap((n) => n.rules)
        .find((r) => r.message === 'Combination of port, protocol and hostname must be unique for each listener');
    expect(rule('v0.8.0')?.rule).toContain(
      '(has(l1.hostname) && has(l2.hostname) ? l1.hostname == l2.hostname : true)',
    );
    expect(rule('v0.8.1')?.rule).toContain('!has(l1.hostname) && !has(l2.hostname)');
    const older = convert('default-backend', 'v0.8.0');
    expect(objects(older.manifest).map((o) => o.kind)).not.toContain('Gateway');
    const refused = older.unconverted.find((f) => f.messageId === 'invalid-for-bundle');
    expect(refused?.severity).toBe('BREAKING');
    expect(refused?.message).toBe(
      'Gateway edge/nginx is not written: the Gateway API bundle v0.8.0 (standard channel) refuses it at spec.listeners: Combination of port, protocol and hostname must be unique for each listener.',
    );
    expect(objects(convert('default-backend', 'v0.8.1').manifest).map((o) => o.kind)).toContain('Gateway');
  });

  it('writes the route without timeouts where the bundle has none, listing them with the first release that has them', () => {
    const path = 'spec.rules[].timeouts.backendRequest';
    const first = firstWithField('HTTPRoute', path, 'standard')!;
    const before = kb.gatewayApi.releases[kb.gatewayApi.releases.findIndex((r) => r.version === first) - 1];
    const result = convert('tls-rewrite-timeouts', before.version);
    expect(result.manifest).not.toContain('timeouts:');
    const timeouts = result.unconverted.filter((f) => /proxy-(read|send|connect)-timeout/.test(f.path ?? ''));
    expect(timeouts.length).toBeGreaterThan(0);
    for (const f of timeouts)
      expect(f.message).toContain(`the first release that has it is ${first} (standard channel)`);
    expect(convert('tls-rewrite-timeouts', first).manifest).toContain('backendRequest:');
  });

  it('writes the route without the trailing-slash redirects where the bundle has no RequestRedirect path, listing each', () => {
    const path = 'spec.rules[].filters[].requestRedirect.path';
    const first = firstWithField('HTTPRoute', path, 'standard')!;
    const before = kb.gatewayApi.releases[kb.gatewayApi.releases.findIndex((r) => r.version === first) - 1];
    const result = convert('trailing-slash-redirect', before.version);
    const routes = objects(result.manifest).filter((o) => o.kind === 'HTTPRoute');
    expect(routes.map((o) => o.ref)).toEqual(['shop/trailing-slash', 'shop/more-paths', 'shop/regex']);
    expect(result.manifest).not.toContain('replaceFullPath');
    const listed = result.unconverted.filter((f) => f.messageId === 'trailing-slash-redirect');
    // /foo, /xyz, /docs and /a/b/c; the gRPC Ingress's /shop.Cart gets no redirect in any bundle.
    expect(listed.map((f) => f.line)).toEqual([40, 54, 82, 115]);
    for (const f of listed) {
      expect(f.severity).toBe('WARNING');
      expect(f.message).toContain(`${path}; the first release that has it is ${first} (standard channel)`);
    }
    const at = convert('trailing-slash-redirect', first);
    expect(at.unconverted.map((f) => f.messageId)).not.toContain('trailing-slash-redirect');
    expect(at.manifest.match(/replaceFullPath: /g)).toHaveLength(4);
  });

  it("redirects to HTTPS with the controller's own code where the bundle accepts it, else 301 and a warning", () => {
    const nginx = kb.gatewayApi.providers.find((p) => p.id === 'INGRESS_NGINX')!;
    expect(nginx.httpsRedirectCode).not.toBeNull();
    const own = nginx.httpsRedirectCode!;
    const first = kb.gatewayApi.releases.find((r) =>
      kb.gatewayApi.fields.some(
        (f) =>
          f.kind === 'HTTPRoute' &&
          f.channel === 'standard' &&
          f.path === 'spec.rules[].filters[].requestRedirect.statusCode' &&
          f.version === r.kinds.find((k) => k.kind === 'HTTPRoute' && k.channel === 'standard')?.storageVersion &&
          f.allowedValues.some((a) => a.releases.includes(r.version) && a.values?.includes(own)),
      ),
    )!;
    expect(first).toBeDefined();
    const before = kb.gatewayApi.releases[first.position - 1];
    const at = convert('force-ssl-redirect', first.version);
    expect(at.manifest).toContain(`statusCode: ${own}\n`);
    expect(at.unconverted.map((f) => f.messageId)).not.toContain('redirect-code');
    const older = convert('force-ssl-redirect', before.version);
    expect(older.manifest).not.toContain(`statusCode: ${own}\n`);
    expect(older.manifest).toContain('statusCode: 301\n');
    const warning = older.unconverted.find((f) => f.messageId === 'redirect-code');
    expect(warning?.severity).toBe('WARNING');
    expect(warning?.message).toContain(
      `ingress-nginx answers ${own}, but the Gateway API bundle ${before.version} (standard channel) accepts no value ${own} for HTTPRoute spec.rules[].filters[].requestRedirect.statusCode; the first release that accepts it is ${first.version}`,
    );
  });

  it('redirects with the default code where the bundle refuses the code the Ingress gives, listing it, rather than hold the route back', () => {
    const statusCode = 'spec.rules[].filters[].requestRedirect.statusCode';
    const accepts = (release: { version: string }, code: number) =>
      kb.gatewayApi.fields.some(
        (f) =>
          f.kind === 'HTTPRoute' &&
          f.channel === 'standard' &&
          f.path === statusCode &&
          f.allowedValues.some((a) => a.releases.includes(release.version) && a.values?.includes(code)),
      );
    const before = [...kb.gatewayApi.releases].reverse().find((r) => accepts(r, 301) && !accepts(r, 308))!;
    expect(before).toBeDefined();
    const older = convert('redirects', before.version);
    // The permanent redirect (permanent-redirect-code 308) is written, with 301, and the code is listed.
    expect(older.manifest).toContain('hostname: new.example.com');
    expect(older.unconverted.map((f) => f.messageId)).not.toContain('not-in-bundle');
    const code = older.unconverted.find((f) => f.path?.includes('permanent-redirect-code'));
    expect(code?.severity).toBe('WARNING');
    expect(code?.message).toContain(
      `ingress-nginx answers 308, but the Gateway API bundle ${before.version} (standard channel) accepts no value 308`,
    );
    expect(code?.message).toContain('the route redirects with 301');
  });

  it.each([
    ['GRPCRoute', 'grpc-route'],
    ['BackendTLSPolicy', 'backend-tls-policy'],
  ])('leaves out a %s where the standard channel has none, naming the first release that has it', (kind, fixture) => {
    const first = firstWithKind(kind, 'standard')!;
    expect(first).toBeDefined();
    const before = kb.gatewayApi.releases[kb.gatewayApi.releases.findIndex((r) => r.version === first) - 1];
    const latest = objects(convert(fixture, null).manifest).filter((o) => o.kind === kind);
    expect(latest.length).toBeGreaterThan(0);
    const older = convert(fixture, before.version);
    expect(objects(older.manifest).map((o) => o.kind)).not.toContain(kind);
    for (const o of latest)
      expect(older.unconverted.map((f) => f.message)).toContainEqual(
        expect.stringContaining(
          `${kind} ${o.ref} is not written: the Gateway API bundle ${before.version} (standard channel) has no kind ${kind}; the first release that has it is ${first} (standard channel)`,
        ),
      );
    expect(objects(convert(fixture, first).manifest).map((o) => o.kind)).toContain(kind);
  });

  it('writes each kind at the storage version of the chosen release and channel', () => {
    for (const release of kb.gatewayApi.releases)
      for (const channel of CHANNELS)
        for (const o of objects(convert('cross-namespace', release.version, channel).manifest)) {
          const k = release.kinds.find((x) => x.kind === o.kind && x.channel === channel)!;
          expect(o.object.apiVersion).toBe(`${k.group}/${k.storageVersion}`);
        }
  });

  it('refuses a release the knowledge base does not hold, with the closest tags', () => {
    expect(() => convert('canary', 'v1.2.9')).toThrow(
      /gatewayApi: Gateway API release "v1.2.9" is not in the knowledge base\. Did you mean .*v1\.2\.\d/,
    );
    expect(convert('canary', '1.2.0').gatewayApi.version).toBe('v1.2.0');
  });
});
