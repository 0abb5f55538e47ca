// The strategies by id (the ids a seed record's `conversion` may name, src/seed/gateway-api-schemas.ts),
// and the reading of one Ingress's annotations into its settings through the seed's records and the
// provider's record (which annotation names the class, which makes paths regular expressions).
import type { AnnotationRecord, GatewayBundle, IngressView, ProviderRecord, Report } from '../types';
import { gapText } from '../bundle-gaps';
import { routeKindOf } from '../grpcroute';
import { backendProtocol, backendTls } from './backend-protocol';
import { canary, canaryWeight } from './canary';
import { cors, readCors } from './cors';
import { hostRewrite } from './host-rewrite';
import {
  appRoot,
  forceSslRedirect,
  fromToWwwRedirect,
  permanentRedirect,
  sslRedirect,
  temporalRedirect,
} from './redirects';
import { rewriteTarget } from './rewrite-target';
import { sslPassthrough } from './ssl-passthrough';
import { noSettings, type AnnotationUse, type IngressSettings } from './settings';
import type { Strategy, StrategyContext } from './strategy';
import { timeouts } from './timeouts';
import { upstreamHeaders } from './upstream-headers';

const ignore: Strategy = { id: 'ignore', read: () => null };
const TIMEOUTS_FIELD = 'spec.rules[].timeouts.backendRequest';

const STRATEGIES: readonly Strategy[] = [
  rewriteTarget,
  sslRedirect,
  forceSslRedirect,
  permanentRedirect,
  temporalRedirect,
  appRoot,
  fromToWwwRedirect,
  canary,
  canaryWeight,
  upstreamHeaders,
  hostRewrite,
  timeouts,
  cors,
  sslPassthrough,
  backendProtocol,
  backendTls,
  ignore,
];
const byId = new Map(STRATEGIES.map((s) => [s.id, s]));

/** The context a strategy reads with: the bundle, and its records' defaults by role. */
function contextOf(strategy: string, records: ReadonlyMap<string, AnnotationRecord>, bundle: GatewayBundle) {
  const context: StrategyContext = {
    bundle,
    defaultOf: (role) =>
      [...records.values()].find((r) => r.conversion === strategy && r.role === role)?.defaultValue ?? null,
  };
  return context;
}

export function readAnnotations(
  ingress: IngressView,
  provider: ProviderRecord,
  records: ReadonlyMap<string, AnnotationRecord>,
  bundle: GatewayBundle,
  report: Report,
  implementationCarries: (annotation: string) => boolean = () => false,
): IngressSettings {
  const settings = noSettings();
  const isCanary = Object.entries(ingress.annotations).some(([name, value]) => {
    const record = records.get(name);
    return record?.conversion === 'canary' && record.role === 'trigger' && value.trim().toLowerCase() === 'true';
  });
  for (const [name, value] of Object.entries(ingress.annotations)) {
    const path = ['metadata', 'annotations', name];
    const use: AnnotationUse = { name, value, line: ingress.lineOf(path), path };
    if (name === provider.classAnnotation) continue;
    // Read for path matching whatever its record says (the record says what to review when it is on).
    if (name === provider.regexPathsAnnotation) {
      if (value.trim().toLowerCase() === 'true') settings.regexPaths = use;
      else {
        report.change(
          ingress,
          use.line,
          `${name}: ${value}: the paths are not regular expressions, nothing to convert`,
        );
        continue;
      }
    }
    const ignoredOnCanary = () =>
      report.unconverted(
        ingress,
        'annotation-not-converted',
        'WARNING',
        path,
        `Annotation ${name} is not converted: ingress-nginx ignores it on a canary Ingress, which takes the main Ingress's.`,
      );
    const record = records.get(name);
    if (!record) {
      const why = name.startsWith(provider.annotationPrefix)
        ? `it is not in netkb's list of ${provider.name} annotations`
        : `it is not one of the ${provider.name} annotations, and the Gateway API objects do not carry annotations over; set it by hand where the tool that reads it supports Gateway API`;
      report.unconverted(
        ingress,
        'annotation-unknown',
        'WARNING',
        path,
        `Annotation ${name} is not converted: ${why}.`,
      );
      continue;
    }
    if (record.access) {
      // ingress-nginx serves a canary Ingress's paths with the main Ingress's settings; only a control of the
      // whole host is taken from any Ingress of the host, a canary's too.
      if (isCanary && record.access.scope === 'ingress') ignoredOnCanary();
      else settings.access.push({ use, access: record.access, reason: record.reason ?? 'no strategy converts it' });
      continue;
    }
    const strategy = record.conversion ? byId.get(record.conversion) : undefined;
    if (!strategy && implementationCarries(name)) {
      if (isCanary) ignoredOnCanary();
      else
        settings.traffic.push({
          use,
          reason: record.reason ?? 'Gateway API has no counterpart',
          breaks: record.breaksWhenLost,
          defaultValue: record.defaultValue,
        });
      continue;
    }
    if (!strategy) {
      const why = record.reason ?? `netkb has no strategy ${record.conversion ?? ''}`.trim();
      // What the controller does without the annotation is what the route does: nothing is lost.
      const asWithout =
        record.defaultValue !== null && value.trim().toLowerCase() === record.defaultValue.toLowerCase();
      if (record.breaksWhenLost && asWithout) {
        report.change(
          ingress,
          use.line,
          `${name}: ${value}: what the controller does without it, and so does the route`,
        );
        continue;
      }
      report.unconverted(
        ingress,
        'annotation-not-converted',
        record.breaksWhenLost ? 'BREAKING' : 'WARNING',
        path,
        `Annotation ${name} is not converted: ${why.replace(/\.+$/, '')}.${record.breaksWhenLost ? ' The route cannot work as the Ingress did without it.' : ''}`,
      );
      continue;
    }
    if (isCanary && !record.conversion?.startsWith('canary')) {
      ignoredOnCanary();
      continue;
    }
    const refusal = strategy.read(use, record, settings, contextOf(strategy.id, records, bundle));
    if (refusal) {
      // A text: lost where the controller acted on it, as BREAKING as an annotation without strategy when the record
      // says the route cannot work without it; a value the controller refuses too loses nothing; else the strategy says.
      const { reason, breaks } =
        typeof refusal === 'string'
          ? { reason: refusal, breaks: record.breaksWhenLost }
          : 'refused' in refusal
            ? { reason: refusal.refused, breaks: false }
            : refusal;
      report.unconverted(
        ingress,
        'annotation-not-converted',
        breaks ? 'BREAKING' : 'WARNING',
        path,
        `Annotation ${name} is not converted: ${reason.replace(/\.+$/, '')}.${breaks ? ' The route cannot work as the Ingress did without it.' : ''}`,
      );
    } else if (strategy.id === 'ignore') {
      report.change(
        ingress,
        use.line,
        `${name}: dropped, nothing to convert (${record.gatewayApi ?? 'Gateway API has no need of it'})`,
      );
    }
  }
  if (settings.rewriteTarget && !settings.regexPaths) settings.regexPaths = settings.rewriteTarget;
  if (settings.fromToWww && !settings.fromToWww.on)
    report.change(
      ingress,
      settings.fromToWww.use.line,
      `${settings.fromToWww.use.name}: ${settings.fromToWww.use.value}: no redirect between the www and the bare host name, nothing to convert`,
    );
  leaveWhatTheRouteKindLacks(ingress, settings, bundle, report);
  readCors(ingress, settings, bundle, report);
  for (const h of settings.headers)
    report.change(
      ingress,
      h.use.line,
      `${h.use.name}: ${h.value} -> RequestHeaderModifier set ${h.name}: ${h.value} on every rule`,
    );
  if (settings.hostRewrite)
    report.change(
      ingress,
      settings.hostRewrite.use.line,
      settings.redirect
        ? `${settings.hostRewrite.use.name}: ${settings.hostRewrite.hostname}: every rule redirects, no backend sees a Host header, nothing to convert`
        : `${settings.hostRewrite.use.name}: ${settings.hostRewrite.hostname} -> URLRewrite hostname ${settings.hostRewrite.hostname} on every rule (the Host header the backend sees)`,
    );
  // The routes of a gRPC backend are GRPCRoutes, which may have no timeouts where HTTPRoutes do.
  const kind = routeKindOf(settings);
  if (settings.timeouts.length > 0 && kind !== 'HTTPRoute' && !bundle.hasField(kind, TIMEOUTS_FIELD)) {
    for (const t of settings.timeouts)
      report.unconverted(
        ingress,
        'annotation-not-converted',
        'WARNING',
        t.use.path,
        `Annotation ${t.use.name} is not converted: the Ingress's routes are ${kind}s (${settings.backendProtocol!.use.name}: ${settings.backendProtocol!.use.value}), and ${gapText(bundle, { kind, path: TIMEOUTS_FIELD })}.`,
      );
    settings.timeouts = [];
  }
  const longest = [...settings.timeouts].sort((a, b) => b.seconds - a.seconds)[0];
  if (longest)
    report.change(
      ingress,
      longest.use.line,
      `${longest.use.name}: ${longest.seconds} -> timeouts.backendRequest ${longest.seconds}s on every rule (the longest of the Ingress's proxy timeouts: nginx's limits one read or send, backendRequest the whole request to the backend)`,
    );
  // A code sets the status of its own strategy's redirect only (ingress-nginx reads each with its redirect).
  for (const { use, by } of settings.redirectsOverruled)
    report.unconverted(
      ingress,
      'annotation-not-converted',
      'WARNING',
      use.path,
      `Annotation ${use.name} is not converted: ingress-nginx redirects with ${by.name} instead, which it reads first.`,
    );
  for (const code of settings.redirectCodes) {
    if (settings.redirect?.strategy === code.strategy) {
      settings.redirect.statusCode = code.statusCode;
      report.change(ingress, code.use.line, `${code.use.name}: ${code.statusCode} -> the RequestRedirect's statusCode`);
    } else {
      report.unconverted(
        ingress,
        'annotation-not-converted',
        'WARNING',
        code.use.path,
        `Annotation ${code.use.name} is not converted: it gives the status code of a ${code.strategy}, and the Ingress has none (ingress-nginx reads the code only together with one).`,
      );
    }
  }
  return settings;
}

const FILTER_TYPE = 'spec.rules[].filters[].type';

/**
 * The routes of a gRPC backend are GRPCRoutes, whose rules may lack filters an HTTPRoute's have: a rewrite the
 * kind cannot carry is listed BREAKING (the backend would see another path), CORS WARNING (browsers may do less),
 * and neither is made.
 */
function leaveWhatTheRouteKindLacks(
  ingress: IngressView,
  settings: IngressSettings,
  bundle: GatewayBundle,
  report: Report,
): void {
  const kind = routeKindOf(settings);
  if (kind === 'HTTPRoute') return;
  const why = (type: string) =>
    `the Ingress's routes are ${kind}s (${settings.backendProtocol!.use.name}: ${settings.backendProtocol!.use.value}), and ${gapText(bundle, { kind, path: FILTER_TYPE, value: type })}`;
  const rewrite = settings.rewriteTarget;
  if (rewrite && !bundle.hasField(kind, FILTER_TYPE, 'URLRewrite')) {
    report.unconverted(
      ingress,
      'rewrite-not-converted',
      'BREAKING',
      rewrite.path,
      `Annotation ${rewrite.name} is not converted: ${why('URLRewrite')}; the backend would see the request's path unchanged.`,
    );
    settings.rewriteTarget = null;
  }
  const trigger = settings.cors?.given.get('trigger');
  if (settings.cors && !bundle.hasField(kind, FILTER_TYPE, 'CORS')) {
    for (const use of settings.cors.given.values())
      report.unconverted(
        ingress,
        'annotation-not-converted',
        'WARNING',
        use.path,
        `Annotation ${use.name} is not converted: ${why('CORS')}${use === trigger ? '; browsers calling from other origins are refused' : ''}.`,
      );
    settings.cors = null;
  }
}
