// A canary Ingress (canary "true") takes a share of the requests of the main Ingress's rule with the same
// host, path and pathType: by weight, its backendRef joins the main rule with canary-weight out of the total
// and the main backends share the rest; by header, a rule with the same path and an exact header match
// (the header's value, or the value its record says the controller assumes) sends to it.
import { canaryHeader, canaryShare } from './annotations/canary';
import type { IngressSettings } from './annotations/settings';
import { describe } from './httproute';
import type { IngressView, ReferenceGrantDraft, Report, RouteDraft, RuleDraft } from './types';

export function mergeCanary(
  canary: IngressView,
  settings: IngressSettings,
  rules: RuleDraft[],
  mainRoutes: RouteDraft[],
  grants: ReferenceGrantDraft[],
  report: Report,
): void {
  const share = canaryShare(settings.canaryWeight, settings.canaryWeightTotal);
  const header = canaryHeader(settings.canaryHeader, settings.canaryHeaderValue, settings.canaryHeaderPattern);
  const at = settings.canary!.use;
  noteHeaderReading(canary, settings, header, report);
  const total = settings.canaryWeightTotal;
  if (total && !settings.canaryWeight)
    report.change(
      canary,
      total.use.line,
      `${total.use.name}: ${total.use.value}: the Ingress gives no weight out of it, and ingress-nginx takes the weight as 0 (no request goes to the canary by weight), so there is nothing to convert`,
    );
  if (share && 'reason' in share) {
    report.unconverted(
      canary,
      'canary-not-converted',
      'WARNING',
      at.path,
      `The canary is not converted: ${share.reason}.`,
    );
    return;
  }
  if (!share && !header) {
    report.unconverted(
      canary,
      'canary-not-converted',
      'WARNING',
      at.path,
      'The canary is not converted: it has neither a weight nor a header rule that Gateway API can express.',
    );
    return;
  }
  for (const rule of rules) {
    if (rule.key === null) continue;
    const target = mainRoutes
      .filter((r) => r.ingress.className === canary.className)
      .flatMap((r) => r.rules.map((x) => ({ route: r, rule: x })))
      .find((x) => x.rule.key === rule.key && x.rule.backendRefs.length > 0);
    const where = `${rule.key.split('\n')[0] || 'every host'} ${rule.path} (${rule.pathType})`;
    // A main rule that answers with a redirect (app-root, a permanent or temporal redirect) answers before any
    // backend is chosen, the canary's too, in ingress-nginx as in the route.
    const redirecting = target
      ? null
      : mainRoutes.find(
          (r) =>
            r.ingress.className === canary.className &&
            r.rules.some((x) => x.key === rule.key && x.backendRefs.length === 0),
        );
    if (redirecting) {
      report.change(
        canary,
        at.line,
        `canary on ${where}: nothing to convert, HTTPRoute ${redirecting.name} answers it with a redirect before any backend is chosen, as ingress-nginx does`,
      );
      continue;
    }
    if (!target) {
      report.unconverted(
        canary,
        'canary-without-main',
        'WARNING',
        at.path,
        `The canary backend for ${where} is not converted: no Ingress of class ${canary.className ?? '(none)'} without canary routes that host, path and pathType.`,
      );
      continue;
    }
    const route = target.route;
    const refs = rule.backendRefs.map((b) => {
      const ref = {
        ...b,
        ...(canary.namespace && canary.namespace !== route.namespace ? { namespace: canary.namespace } : {}),
      };
      if (ref.namespace && route.namespace)
        grants.push({
          namespace: ref.namespace,
          fromKind: route.kind,
          fromNamespace: route.namespace,
          toKind: 'Service',
          toName: b.name,
          because: `${route.kind} ${route.namespace}/${route.name}`,
          ingress: canary,
        });
      return ref;
    });
    if (header) {
      const i = route.rules.indexOf(target.rule);
      route.rules.splice(i, 0, {
        ...target.rule,
        headers: [{ type: header.type, name: header.name, value: header.value }],
        backendRefs: refs.map((r) => ({ ...r })),
      });
      report.change(
        canary,
        header.use.line,
        `canary by header ${header.name}${header.type === 'Exact' ? `: ${header.value}` : ` matching ${header.value}`} on ${where} -> a rule of ${route.kind} ${route.name} matching the header ${header.type === 'Exact' ? 'exactly' : 'with a RegularExpression'}, backendRef ${refs.map(describe).join(', ')}${share && header.never !== null ? '' : '; other values follow the main rule'}`,
      );
    }
    if (share && !('reason' in share)) {
      const mains = target.rule.backendRefs;
      if (mains.some((b) => b.weight !== undefined)) {
        report.unconverted(
          canary,
          'canary-twice',
          'WARNING',
          share.use.path,
          `The canary weight for ${where} is not converted: another canary Ingress already takes a share of that rule (ingress-nginx applies one canary per rule).`,
        );
        continue;
      }
      // The header's never value keeps a request off the canary before the weight is drawn: a rule for it with
      // the main backends as they were, before the rule of the value (more header matches win in Gateway API).
      if (header?.never != null && share.weight > 0) {
        route.rules.splice(route.rules.indexOf(target.rule), 0, {
          ...target.rule,
          headers: [{ type: 'Exact', name: header.name, value: header.never }],
          backendRefs: mains.map((b) => ({ ...b })),
        });
        report.change(
          canary,
          header.use.line,
          `canary by header ${header.name}: ${header.never} on ${where} -> a rule of ${route.kind} ${route.name} matching the header exactly, backendRef ${mains.map(describe).join(', ')}: ingress-nginx never sends such a request to the canary, whatever the weight; other values follow the weights`,
        );
      }
      const rest = share.total - share.weight;
      mains.forEach((b, i) => {
        b.weight = Math.floor(rest / mains.length) + (i < rest % mains.length ? 1 : 0);
      });
      for (const ref of refs) mains.push({ ...ref, weight: share.weight });
      report.change(
        canary,
        share.use.line,
        `canary weight ${share.weight} of ${share.total} on ${where} -> backendRef ${refs.map(describe).join(', ')} weight ${share.weight} in ${route.kind} ${route.name}; the main backends share ${rest}${share.notes.length > 0 ? ` (${share.notes.join('; ')})` : ''}`,
      );
    }
  }
}

/**
 * What of the header annotations ingress-nginx does not read, and the review a RegularExpression header match
 * needs. The balancer compares the value first and reads the pattern only without one, and reads neither
 * without the header (balancer.lua above). It matches the pattern with ngx.re.match and no options: PCRE,
 * case-sensitive, found anywhere in the value (https://github.com/openresty/lua-nginx-module#ngxrematch: only
 * the "a" option anchors it). Gateway API leaves the dialect and anchoring of a RegularExpression header
 * match to the implementation (HTTPHeaderMatch in
 * https://github.com/kubernetes-sigs/gateway-api/blob/v1.6.1/apis/v1/httproute_types.go).
 */
function noteHeaderReading(
  canary: IngressView,
  settings: IngressSettings,
  header: ReturnType<typeof canaryHeader>,
  report: Report,
): void {
  const unread = header ? [header.ignored] : [settings.canaryHeaderValue, settings.canaryHeaderPattern];
  for (const use of unread)
    if (use)
      report.change(
        canary,
        use.line,
        `${use.name}: ${use.value.trim()}: nothing to convert, ingress-nginx does not read it ${header ? `when ${settings.canaryHeaderValue!.name} is given` : settings.canaryHeader ? 'without a value the header must have' : 'without the annotation that names the header'}`,
      );
  if (header?.type === 'RegularExpression') {
    const pattern = settings.canaryHeaderPattern!;
    report.unconverted(
      canary,
      'header-regex-review',
      'WARNING',
      pattern.path,
      `Annotation ${pattern.name} is converted to a RegularExpression match of header ${header.name} on ${header.value}, for review: Gateway API has no portable dialect for it and leaves it to the implementation. ingress-nginx matches the pattern as PCRE, case-sensitively, anywhere in the value; an implementation that requires the whole value to match needs .* around it.`,
    );
  }
}
