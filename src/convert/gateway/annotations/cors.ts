// cors: ingress-nginx's CORS annotations, a switch (role trigger) and six settings told apart by their
// records' roles, become an HTTPRoute CORS filter on every rule of the Ingress where the bundle has one. A
// setting left out, or one ingress-nginx refuses, takes the value the role's record gives as the controller's
// default; without the switch on, ingress-nginx ignores the settings (internal/ingress/annotations/cors/main.go,
// kubernetes/ingress-nginx at controller-v1.15.1). What the filter cannot say (an origin of a scheme other than
// http and https, a method Gateway API does not list) is left out and listed: the filter then lets browsers do
// less across origins than the Ingress did, never more. A bundle without the filter gets none, listed as well.
import { STRATEGY_ROLES } from '../../../seed/gateway-api-schemas';
import { gapText } from '../bundle-gaps';
import type { GatewayBundle, IngressView, Report } from '../types';
import type { IngressSettings } from './settings';
import { isBoolean, isTrue, unknownRole, type Strategy } from './strategy';

const CORS_FIELD = 'spec.rules[].filters[].cors';
const ROLES: readonly string[] = STRATEGY_ROLES.cors ?? [];

export const cors: Strategy = {
  id: 'cors',
  read(use, record, settings, { bundle, defaultOf }) {
    if (!record.role || !ROLES.includes(record.role)) return unknownRole(record, 'cors');
    if (
      !bundle.hasField('HTTPRoute', CORS_FIELD) ||
      !bundle.hasField('HTTPRoute', 'spec.rules[].filters[].type', 'CORS')
    )
      return gapText(bundle, { kind: 'HTTPRoute', path: 'spec.rules[].filters[].type', value: 'CORS' });
    settings.cors ??= { given: new Map(), defaults: new Map(ROLES.map((r) => [r, defaultOf(r)])) };
    settings.cors.given.set(record.role, use);
    return null;
  },
};

/** A list annotation's items: split at commas and blanks, empty ones dropped, each kept once. */
const items = (value: string) => [...new Set(value.split(/[\s,]+/).filter((x) => x !== ''))];

/** The origins the filter can name: "*", or http(s)://host[:port] with at most one leading "*." label. */
const GATEWAY_ORIGIN = /^https?:\/\/(\*\.)?([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(:\d{1,5})?$/;
/** What ingress-nginx keeps of an origin: scheme://host[:port] (a "*." label allowed), "*" or "null". */
const NGINX_ORIGIN = /^([a-z]+:\/\/(\*\.)?[A-Za-z0-9.-]*(:\d+)?|\*|null)$/;

/**
 * Reads the Ingress's CORS settings into settings.corsFilter (once every annotation was read), reporting what
 * was made and what could not be.
 */
export function readCors(ingress: IngressView, settings: IngressSettings, bundle: GatewayBundle, report: Report): void {
  const c = settings.cors;
  if (!c) return;
  const trigger = c.given.get('trigger');
  if (!trigger || !isBoolean(trigger.value) || !isTrue(trigger.value)) {
    for (const [role, use] of c.given)
      if (role !== 'trigger')
        report.change(
          ingress,
          use.line,
          `${use.name}: nothing to convert, CORS is off for this Ingress (the controller reads it only with CORS on)`,
        );
    if (trigger)
      report.change(ingress, trigger.line, `${trigger.name}: ${trigger.value}: CORS is off, nothing to convert`);
    return;
  }
  const notes: string[] = [];
  /** The value of a role: the annotation's, or the record's default where it is absent or refused. */
  const valueOf = (role: string, accepts: (v: string) => boolean): string | null => {
    const use = c.given.get(role);
    const fallback = c.defaults.get(role) ?? null;
    if (!use) return fallback;
    if (accepts(use.value.trim())) return use.value.trim();
    report.change(
      ingress,
      use.line,
      `${use.name}: ${JSON.stringify(use.value)} is not a value the controller takes: it uses ${fallback === null ? 'none' : JSON.stringify(fallback)}, and so does the filter`,
    );
    return fallback;
  };
  const filter: Record<string, unknown> = {};

  const originsUse = c.given.get('allow-origins');
  const originsText = originsUse ? originsUse.value : (c.defaults.get('allow-origins') ?? '');
  const origins: string[] = [];
  for (const origin of originsText
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')) {
    if (origin === '*') {
      origins.splice(0, origins.length, '*');
      break;
    }
    if (!NGINX_ORIGIN.test(origin)) {
      notes.push(`origin ${JSON.stringify(origin)} (the controller skips it too)`);
      continue;
    }
    if (!GATEWAY_ORIGIN.test(origin)) {
      report.unconverted(
        ingress,
        'annotation-not-converted',
        'WARNING',
        originsUse!.path,
        `Origin ${JSON.stringify(origin)} of ${originsUse!.name} is not converted: the CORS filter names origins as http(s)://host[:port] or "*"; browsers calling from it are no longer allowed.`,
      );
      continue;
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length === 0) {
    report.unconverted(
      ingress,
      'annotation-not-converted',
      'WARNING',
      (originsUse ?? trigger).path,
      `Annotation ${(originsUse ?? trigger).name} is not converted: no origin it allows can be named in a CORS filter, so none is written; cross-origin calls are refused.`,
    );
    return;
  }
  filter.allowOrigins = origins;

  const methods = valueOf('allow-methods', (v) => /^[A-Za-z]+([\s,]+[A-Za-z]+)*,?$/.test(v));
  if (methods !== null) {
    const upper = items(methods).map((m) => m.toUpperCase());
    const known = upper.filter((m) => bundle.hasField('HTTPRoute', `${CORS_FIELD}.allowMethods`, m));
    const unknown = [...new Set(upper.filter((m) => !known.includes(m)))];
    if (unknown.length > 0)
      notes.push(`method${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} (not one the filter lists)`);
    if (known.length > 0) filter.allowMethods = [...new Set(known)];
  }
  const headers = valueOf('allow-headers', (v) => /^[A-Za-z0-9_, -]*$/.test(v));
  if (headers !== null && items(headers).length > 0) filter.allowHeaders = items(headers);
  const expose = valueOf('expose-headers', (v) => /^[A-Za-z0-9_*, -]*$/.test(v));
  if (expose !== null && items(expose).length > 0) filter.exposeHeaders = items(expose);
  const credentials = valueOf('allow-credentials', isBoolean);
  if (credentials !== null) filter.allowCredentials = isTrue(credentials);
  const maxAge = valueOf('max-age', (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) < 2 ** 31);
  if (maxAge !== null) filter.maxAge = Number(maxAge);

  if (notes.length > 0)
    report.unconverted(
      ingress,
      'annotation-not-converted',
      'WARNING',
      trigger.path,
      `Part of the CORS settings is not converted: ${notes.join('; ')}; the filter leaves it out.`,
    );
  const defaults = ROLES.filter((r) => r !== 'trigger' && !c.given.has(r) && c.defaults.get(r) !== null);
  report.change(
    ingress,
    trigger.line,
    `${trigger.name}: true -> a CORS filter on every rule (${Object.entries(filter)
      .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`)
      .join('; ')})${defaults.length > 0 ? `; ${defaults.join(', ')} as the controller's defaults` : ''}`,
  );
  settings.corsFilter = filter;
}
