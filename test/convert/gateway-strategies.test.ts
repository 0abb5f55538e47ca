// The pure pieces of ingressToGateway's annotation strategies, case by case: which rewrite-target shapes
// Gateway API can express, how canary weights make a share, which TLS host covers which rule host, and that
// each strategy goes by the record's role, never by the annotation's name. The fixtures (gateway-fixtures.test.ts) show them in whole conversions.
import { canary, canaryHeader, canaryShare, canaryWeight } from '../../src/convert/gateway/annotations/canary';
import {
  appRoot,
  fromToWwwRedirect,
  permanentRedirect,
  redirectStatus,
  temporalRedirect,
} from '../../src/convert/gateway/annotations/redirects';
import { rewriteFor } from '../../src/convert/gateway/annotations/rewrite-target';
import { noSettings, type AnnotationUse } from '../../src/convert/gateway/annotations/settings';
import type { StrategyContext } from '../../src/convert/gateway/annotations/strategy';
import { upstreamHeaders } from '../../src/convert/gateway/annotations/upstream-headers';
import type { AnnotationRecord } from '../../src/convert/gateway/types';
import { listenerName, tlsCovers } from '../../src/convert/gateway/names';
import { backendProtocol } from '../../src/convert/gateway/annotations/backend-protocol';
import { methodMatchOf } from '../../src/convert/gateway/grpcroute';

const use = (name: string, value: string): AnnotationUse => ({ name, value, line: 1, path: [] });

describe('rewriteFor', () => {
  it('strips a prefix for the capture idioms, whatever the new prefix', () => {
    expect(rewriteFor('/api(/|$)(.*)', '/$2')).toEqual({
      match: { type: 'PathPrefix', value: '/api' },
      rewrite: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/' },
    });
    expect(rewriteFor('/old/(.*)', '/new/$1')).toEqual({
      match: { type: 'PathPrefix', value: '/old' },
      rewrite: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/new' },
    });
  });

  it('replaces the whole path for a target without captures', () => {
    expect(rewriteFor('/pay', '/')).toEqual({
      match: null,
      rewrite: { type: 'ReplaceFullPath', replaceFullPath: '/' },
    });
  });

  it('refuses captures used any other way, with the reason', () => {
    for (const [path, target] of [
      ['/api/([a-z]+)/(.*)', '/v1/$1/$2'],
      ['/api(/|$)(.*)', '/new$2'],
      ['/a[bc](/|$)(.*)', '/$2'],
      ['/api(.*)', '/$1'],
    ])
      expect(rewriteFor(path, target)).toEqual({ reason: expect.stringContaining('capture groups') });
  });
});

describe('canary weights and headers', () => {
  const weight = (value: number, defaultTotal: number | null = 100) => ({
    use: use('w', String(value)),
    value,
    defaultTotal,
  });

  it('a weight is out of the total given, else out of the default total its record names', () => {
    expect(canaryShare(weight(20), null)).toMatchObject({ weight: 20, total: 100, use: { name: 'w' } });
    expect(canaryShare(weight(5), { use: use('total', '1000'), value: 1000 })).toMatchObject({
      weight: 5,
      total: 1000,
    });
    // The total is told by its role, not by being the larger value; a weight above it takes every request.
    expect(canaryShare(weight(300), { use: use('total', '200'), value: 200 })).toMatchObject({
      weight: 200,
      total: 200,
      notes: [expect.stringContaining('every request')],
    });
    expect(canaryShare(weight(0), null)).toMatchObject({ weight: 0, total: 100, notes: [] });
    expect(canaryShare(weight(150), null)).toMatchObject({ weight: 100, total: 100 });
    // As ingress-nginx's balancer: a total not above the default counts as the default, a negative weight as 0.
    expect(canaryShare(weight(30), { use: use('total', '50'), value: 50 })).toMatchObject({ weight: 30, total: 100 });
    expect(canaryShare(weight(30), { use: use('total', '0'), value: 0 })).toMatchObject({ weight: 30, total: 100 });
    expect(canaryShare(weight(-10), null)).toMatchObject({ weight: 0, total: 100 });
    expect(canaryShare(weight(20, null), null)).toEqual({ reason: expect.stringContaining('no default total') });
    // No weight: ingress-nginx takes 0, so there is no share to write, whatever the total.
    expect(canaryShare(null, { use: use('total', '1000'), value: 1000 })).toBeNull();
    expect(canaryShare(null, null)).toBeNull();
  });

  it('the header is named by the header role, its value by the header-value role or its default', () => {
    const header = { use: use('x/h', 'X-Canary'), defaultValue: 'always', neverValue: 'never' };
    // The never value of the header's record counts only with the default value, as ingress-nginx's balancer reads it.
    expect(canaryHeader(header, use('x/v', 'beta'))).toMatchObject({ name: 'X-Canary', value: 'beta', never: null });
    expect(canaryHeader(header, null)).toMatchObject({ name: 'X-Canary', value: 'always', never: 'never' });
    expect(canaryHeader({ ...header, neverValue: null }, null)).toMatchObject({ value: 'always', never: null });
    // A pattern (role header-pattern) is read only without a value, and has no never value either.
    expect(canaryHeader(header, null, use('x/p', '^eu-'))).toMatchObject({
      type: 'RegularExpression',
      value: '^eu-',
      never: null,
    });
    expect(canaryHeader(header, use('x/v', 'beta'), use('x/p', '^eu-'))).toMatchObject({
      type: 'Exact',
      value: 'beta',
      ignored: { name: 'x/p' },
    });
    expect(canaryHeader({ ...header, defaultValue: null }, null)).toBeNull();
    expect(canaryHeader(null, use('x/v', 'beta'))).toBeNull();
  });
});

describe('strategies read what the record says the annotation is', () => {
  const record = (
    conversion: string,
    role: string | null,
    extra: Partial<AnnotationRecord> = {},
  ): AnnotationRecord => ({
    name: 'example.com/any-name',
    summary: 'An annotation.',
    gatewayApi: 'Some construct',
    conversion,
    reason: null,
    role,
    header: null,
    defaultValue: null,
    neverValue: null,
    acceptedRange: null,
    breaksWhenLost: false,
    controllerFlag: null,
    redirectCode: null,
    protocols: null,
    access: null,
    ...extra,
  });
  const context = (defaults: Record<string, string> = {}): StrategyContext => ({
    bundle: {
      version: 'v1.6.1',
      channel: 'standard',
      apiVersion: () => null,
      hasField: () => true,
      firstWith: () => null,
      schemaNodes: () => [],
    },
    defaultOf: (role) => defaults[role] ?? null,
  });

  it('upstream-headers sets the header its record names, whatever the annotation is called', () => {
    const settings = noSettings();
    const r = record('upstream-headers', 'set-header', { header: 'X-Forwarded-Prefix' });
    expect(upstreamHeaders.read(use('example.com/any-name', '/api'), r, settings, context())).toBeNull();
    expect(settings.headers).toEqual([{ use: expect.anything(), name: 'X-Forwarded-Prefix', value: '/api' }]);
    expect(upstreamHeaders.read(use('n', '/api'), { ...r, header: null }, noSettings(), context())).toMatch(
      /gives no role strategy upstream-headers knows/,
    );
  });

  it('a redirect tells its URL from its status code by role, with the default code from the records', () => {
    const url = record('permanent-redirect', 'url');
    const settings = noSettings();
    expect(
      permanentRedirect.read(use('a', 'https://example.com/x'), url, settings, context({ code: '301' })),
    ).toBeNull();
    expect(settings.redirect).toMatchObject({ statusCode: 301 });
    expect(
      permanentRedirect.read(use('b', '308'), record('permanent-redirect', 'code'), settings, context()),
    ).toBeNull();
    expect(settings.redirectCodes).toMatchObject([{ strategy: 'permanent-redirect', statusCode: 308 }]);
    // A code outside the record's acceptedRange is one the controller ignores for its defaultValue.
    const ranged = record('temporal-redirect', 'code', { defaultValue: '302', acceptedRange: { min: 300, max: 307 } });
    expect(temporalRedirect.read(use('c', '308'), ranged, noSettings(), context())).toMatch(
      /ignores the code 308 \(it takes 300 to 307 for it\) and redirects with 302/,
    );
    expect(temporalRedirect.read(use('c', '307'), ranged, noSettings(), context())).toBeNull();
    // A number under the url role is not taken for a code.
    expect(permanentRedirect.read(use('a', '308'), url, noSettings(), context())).toMatch(/not an absolute URL/);
    expect(permanentRedirect.read(use('a', 'https://example.com/'), url, noSettings(), context())).toMatch(
      /no default status code/,
    );
  });

  it('app-root takes what ingress-nginx takes, and tells a value it ignores from one the route cannot write', () => {
    const r = record('app-root', null, { redirectCode: 302 });
    const settings = noSettings();
    expect(appRoot.read(use('a', '/app1'), r, settings, context())).toBeNull();
    expect(settings.appRoot).toMatchObject({ path: '/app1', statusCode: 302, codeLost: null });
    // Refused by the controller too (rewrite parser: a path of its characters, no query, no absolute URL).
    for (const value of ['', 'app1', '/app1?x=1', 'https://example.com/landing', ' /app1'])
      expect(appRoot.read(use('a', value), r, noSettings(), context())).toEqual({
        refused: expect.stringContaining('ingress-nginx ignores the value'),
      });
    // Taken by the controller, but not writable: a nginx variable, a bundle without requestRedirect.path.
    expect(appRoot.read(use('a', '/$host'), r, noSettings(), context())).toMatch(/variable/);
    const old = {
      ...context(),
      bundle: { ...context().bundle, hasField: (_k: string, p: string) => !p.includes('.path') },
    };
    expect(appRoot.read(use('a', '/app1'), r, noSettings(), old)).toMatch(/has no HTTPRoute .*requestRedirect\.path/);
    expect(appRoot.read(use('a', '/app1'), { ...r, redirectCode: null }, noSettings(), context())).toMatch(
      /no status code/,
    );
  });

  it("from-to-www-redirect is on or off, with its record's code or the closest the bundle accepts", () => {
    const r = record('from-to-www-redirect', null, { redirectCode: 308 });
    const settings = noSettings();
    expect(fromToWwwRedirect.read(use('w', 'true'), r, settings, context())).toBeNull();
    expect(settings.fromToWww).toMatchObject({ on: true, statusCode: 308, codeLost: null });
    const off = noSettings();
    expect(fromToWwwRedirect.read(use('w', 'false'), r, off, context())).toBeNull();
    expect(off.fromToWww).toMatchObject({ on: false });
    expect(fromToWwwRedirect.read(use('w', 'yes'), r, noSettings(), context())).toMatch(/not "true" or "false"/);
    const codes = (accepted: number[]) => ({
      ...context().bundle,
      hasField: (_k: string, _p: string, v?: unknown) => v === undefined || accepted.includes(Number(v)),
    });
    const older = noSettings();
    expect(fromToWwwRedirect.read(use('w', 'true'), r, older, { ...context(), bundle: codes([301, 302]) })).toBeNull();
    expect(older.fromToWww).toMatchObject({ statusCode: 301, codeLost: expect.stringContaining('answers 308') });
    expect(redirectStatus(307, codes([301, 302]))).toMatchObject({ code: 302 });
    expect(redirectStatus(302, codes([301, 302]))).toEqual({ code: 302, lost: null });
    expect(redirectStatus(308, codes([]))).toBeNull();
  });

  it('canary and canary-weight file each annotation under its role, and refuse a record without one', () => {
    const settings = noSettings();
    const ctx = context({ 'header-value': 'always', 'weight-total': '100' });
    expect(canary.read(use('t', 'true'), record('canary', 'trigger'), settings, ctx)).toBeNull();
    expect(
      canary.read(use('h', 'X-Canary'), record('canary', 'header', { neverValue: 'never' }), settings, ctx),
    ).toBeNull();
    expect(canaryWeight.read(use('w', '30'), record('canary-weight', 'weight'), settings, ctx)).toBeNull();
    expect(settings).toMatchObject({
      canary: { on: true },
      canaryHeader: { use: { value: 'X-Canary' }, defaultValue: 'always', neverValue: 'never' },
      canaryWeight: { value: 30, defaultTotal: 100 },
      canaryWeightTotal: null,
    });
    // ingress-nginx reads the weights as Go's strconv.Atoi does and drops anything else.
    for (const value of ['12.5', ' 5', '1e2', ''])
      expect(canaryWeight.read(use('w', value), record('canary-weight', 'weight'), noSettings(), ctx)).toMatch(
        /not a whole number/,
      );
    expect(canaryWeight.read(use('w', '-10'), record('canary-weight', 'weight'), noSettings(), ctx)).toBeNull();
    expect(canary.read(use('t', 'yes'), record('canary', 'trigger'), noSettings(), ctx)).toMatch(
      /not "true" or "false"/,
    );
    expect(canary.read(use('t', 'true'), record('canary', null), noSettings(), ctx)).toMatch(/gives no role/);
  });
});

describe('names', () => {
  it('a wildcard TLS host covers one label, and listener names are DNS labels', () => {
    expect(tlsCovers('*.example.com', 'a.example.com')).toBe(true);
    expect(tlsCovers('*.example.com', 'a.b.example.com')).toBe(false);
    expect(tlsCovers('a.example.com', 'a.example.com')).toBe(true);
    expect(listenerName('https', '*.Example.com')).toBe('https-wildcard-example-com');
    expect(listenerName('http', '')).toBe('http');
    expect(listenerName('http', `${'a'.repeat(80)}.com`)).toMatch(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/);
  });
});

describe('methodMatchOf: an Ingress path as a GRPCRoute method match', () => {
  it('serves every method for /, a service for /<service>, one method for /<service>/<method>', () => {
    expect(methodMatchOf('/', 'Prefix', false)).toMatchObject({ method: null });
    expect(methodMatchOf('/hello.HelloService/', 'Prefix', false)).toMatchObject({
      method: { service: 'hello.HelloService', method: null },
    });
    expect(methodMatchOf('/grpc.service/Method', 'Prefix', false)).toMatchObject({
      method: { service: 'grpc.service', method: 'Method' },
    });
    expect(methodMatchOf('/UserService/GetUser', 'Exact', false)).toMatchObject({
      method: { service: 'UserService', method: 'GetUser' },
    });
    expect(methodMatchOf('/pkg.Svc', 'ImplementationSpecific', false)).toMatchObject({
      note: expect.stringContaining('/pkg.Svcx matched too'),
    });
  });

  it('refuses what no method match can say (ingress2gateway splits /UserService/GetUser/extra into method GetUser/extra)', () => {
    for (const [path, pathType] of [
      ['/UserService/GetUser/extra', 'Prefix'],
      ['/', 'Exact'],
      ['/UserService', 'Exact'],
      ['/api-v1/x', 'Prefix'],
      ['/9lives', 'Prefix'],
    ])
      expect({ path, m: methodMatchOf(path, pathType, false) }).toEqual({ path, m: { reason: expect.any(String) } });
    expect(methodMatchOf('/svc/(.*)', 'ImplementationSpecific', true)).toEqual({
      reason: expect.stringMatching(/regular expression/),
    });
  });
});

describe("backendProtocol: what each value asks for is the record's", () => {
  const record: AnnotationRecord = {
    name: 'example.com/proto',
    summary: 'A protocol.',
    gatewayApi: 'Some construct',
    conversion: 'backend-protocol',
    reason: null,
    role: null,
    header: null,
    defaultValue: 'PLAIN',
    neverValue: null,
    acceptedRange: null,
    breaksWhenLost: true,
    access: null,
    controllerFlag: null,
    redirectCode: null,
    protocols: [
      { value: 'PLAIN', route: 'HTTPRoute', backendTls: false, clientScheme: false, reason: null },
      { value: 'RPC_TLS', route: 'GRPCRoute', backendTls: true, clientScheme: false, reason: null },
      { value: 'ODD', route: null, backendTls: false, clientScheme: false, reason: 'no route speaks it' },
    ],
  };
  const ctx: StrategyContext = { bundle: null as never, defaultOf: () => null };

  it('reads a value ignoring case and blanks, refuses one it does not list, and one no route carries breaks', () => {
    const settings = noSettings();
    expect(backendProtocol.read(use('p', ' rpc_tls '), record, settings, ctx)).toBeNull();
    expect(settings.backendProtocol?.protocol).toMatchObject({ route: 'GRPCRoute', backendTls: true });
    // A value the controller refuses too: it speaks its default, and so does the route (never BREAKING).
    expect(backendProtocol.read(use('p', 'SPDY'), record, noSettings(), ctx)).toEqual({
      refused: expect.stringMatching(
        /does not take the value "SPDY" \(it takes PLAIN, RPC_TLS, ODD\) and speaks PLAIN/,
      ),
    });
    expect(backendProtocol.read(use('p', 'odd'), record, noSettings(), ctx)).toEqual({
      reason: 'no route speaks it',
      breaks: true,
    });
  });
});
