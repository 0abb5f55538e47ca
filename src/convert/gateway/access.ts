// Access control is never dropped in silence. Gateway API's standard channel has no external or basic
// authentication, no client address filtering and no per-route client certificates, so a route made from an
// Ingress that had one (an HTTPRoute, or a GRPCRoute for a gRPC backend) serves what the Ingress protected.
// Such a route is written marked UNPROTECTED (a comment above it, and the result's `unprotected` list), and each
// annotation of the lost control is a BREAKING finding naming the routes; the command line then exits non-zero
// whatever --fail-on says.
//
// Which annotations belong to which control, and whether a control covers the Ingress's own paths or every
// path of the host (ingress-nginx configures client certificates per server), is the seed's (`access` of the
// annotation records): nothing here knows an annotation by name.
import type { PathSegment } from '../../analysis';
import { resourceOf } from '../../analysis/engine/findings';
import type { ResourceRef } from '../../analysis/types';
import { ACCESS_CONTROLS, type AccessControl } from '../../kb/access-controls';
import type { AccessUse, IngressSettings } from './annotations/settings';
import { hostsOf } from './gateway';
import { recordsOf } from './values';
import type { CarriedAccess } from './policies';
import type { ImplementationTarget, IngressView, LostAccess, Report, RouteDraft, UnprotectedRoute } from './types';

interface Guard {
  ingress: IngressView;
  use: AccessUse;
}

/** The controls in force for each Ingress and each host of a class, from the Ingresses' access annotations. */
export class AccessGuards {
  private readonly own = new Map<IngressView, Guard[]>();
  private readonly byHost = new Map<string, Guard[]>();

  constructor(settings: ReadonlyMap<IngressView, IngressSettings>) {
    for (const [ingress, s] of settings) {
      const guards = inForce(s.access).map((use) => ({ ingress, use }));
      this.own.set(
        ingress,
        guards.filter((g) => g.use.access.scope === 'ingress'),
      );
      for (const g of guards.filter((x) => x.use.access.scope === 'host'))
        for (const host of hostsOf(ingress)) {
          const key = hostKey(ingress, host);
          this.byHost.set(key, [...(this.byHost.get(key) ?? []), g]);
        }
    }
  }

  /** The controls a route of `ingress` for `host` must keep: the Ingress's own, and those of its host. */
  lostBy(ingress: IngressView, host: string): Guard[] {
    return [...(this.own.get(ingress) ?? []), ...(this.byHost.get(hostKey(ingress, host)) ?? [])];
  }

  /** True when the control is in force on the Ingress's paths (its own, or on one of its hosts). */
  inForceOn(ingress: IngressView, control: AccessControl): boolean {
    return hostsOf(ingress).some((host) => this.lostBy(ingress, host).some((g) => g.use.access.control === control));
  }
}

/**
 * The guards of one Ingress that turn their control on: set to a value that is not one of the guard's
 * offValues, while no setting of the same control on that Ingress turns it off.
 */
function inForce(uses: readonly AccessUse[]): AccessUse[] {
  const turnedOff = new Set(
    uses
      .filter((u) => u.access.part === 'setting' && u.access.offValues.includes(u.use.value))
      .map((u) => u.access.control),
  );
  return uses.filter(
    (u) => u.access.part === 'guard' && !u.access.offValues.includes(u.use.value) && !turnedOff.has(u.access.control),
  );
}

// The controller serves one server per host for all Ingresses of its class.
const hostKey = (ingress: IngressView, host: string) => `${ingress.className ?? ''}\n${host}`;

/**
 * True when the route passes requests to a backend (a redirect-only route serves nothing protected), whatever its
 * kind: an HTTPRoute or a GRPCRoute.
 */
export function servesBackends(route: RouteDraft): boolean {
  return route.rules.some((r) => r.backendRefs.length > 0);
}

export function lostAccess(guards: readonly Guard[]): LostAccess[] {
  return guards.map((g) => ({
    control: g.use.access.control,
    description: ACCESS_CONTROLS[g.use.access.control],
    annotation: g.use.use.name,
    line: g.use.use.line,
    ingress: resourceOf(g.ingress.source),
  }));
}

/** The comment line that marks a route UNPROTECTED, above its object in the output. */
export function unprotectedComment(route: UnprotectedRoute): string {
  const byControl = new Map<string, string[]>();
  for (const l of route.lost) {
    const other = sameRef(l.ingress, route.ingress) ? '' : ` of ${refName(l.ingress)}`;
    const where = `${l.annotation}${other}, line ${l.line}`;
    byControl.set(l.description, [...(byControl.get(l.description) ?? []), where]);
  }
  const what = [...byControl].map(([description, where]) => `${description} (${where.join('; ')})`);
  return `UNPROTECTED: ingress-nginx let requests through only with ${what.join(' and ')}; this route lets every request through. Protect it with your implementation's own policy before you apply it.`;
}

/**
 * Reports each access annotation: BREAKING (access-not-converted) where its control was in force, naming the
 * routes that now serve without it; as any other annotation without conversion where it turned nothing on.
 * Then the Ingresses whose host another Ingress protected for the whole host, at that host's line.
 */
export function reportAccess(
  settings: ReadonlyMap<IngressView, IngressSettings>,
  guards: AccessGuards,
  unprotected: readonly { ingress: IngressView; host: string; route: UnprotectedRoute }[],
  report: Report,
  policy: PolicyReport,
): void {
  for (const [ingress, s] of settings)
    for (const a of s.access) {
      const label = ACCESS_CONTROLS[a.access.control];
      const carried = policy.carried.get(ingress);
      if (guards.inForceOn(ingress, a.access.control) && carried?.controls.has(a.access.control)) {
        const names = policy.policies.get(ingress) ?? [];
        const capability = carried.written.get(a);
        if (capability)
          report.change(
            ingress,
            a.use.line,
            `${a.use.name} -> ${names.join(', ') || capability.policy} (${capability.field})`,
          );
        else
          report.unconverted(
            ingress,
            'annotation-not-converted',
            'WARNING',
            a.use.path,
            `Annotation ${a.use.name} is not converted: ${policy.target!.record.name} has no counterpart of it. The ${label} it adjusts is kept by ${names.join(', ') || 'the policy'}, without this setting.`,
          );
        continue;
      }
      if (!guards.inForceOn(ingress, a.access.control)) {
        report.unconverted(
          ingress,
          'annotation-not-converted',
          'WARNING',
          a.use.path,
          `Annotation ${a.use.name} is not converted: ${a.reason.replace(/\.+$/, '')}.`,
        );
        continue;
      }
      const routes = unprotected
        .filter((u) => u.ingress === ingress && u.route.lost.some((l) => l.control === a.access.control))
        .map((u) => `${u.route.kind} ${u.route.name}`);
      const refused = policy.target
        ? ` ${policy.target.record.name} ${policy.target.release} cannot carry it either: ${(carried?.refused.get(a.access.control) ?? `the ${label} is not the Ingress's own`).replace(/\.+$/, '')}.`
        : '';
      const why = a.reason.replace(/\.+$/, '');
      report.unconverted(
        ingress,
        'access-not-converted',
        'BREAKING',
        a.use.path,
        a.access.part === 'guard'
          ? `Annotation ${a.use.name} is not converted, and with it the ${label} it turns on: ${why}.${refused} ${servedWithout(routes, label)}`
          : `Annotation ${a.use.name} is not converted: ${why}. It is part of the ${label} the Ingress had.${refused} ${servedWithout(routes, label)}`,
      );
    }
  // A control of the whole host that another Ingress turned on: said once per Ingress, host and control.
  const said = new Set<string>();
  for (const u of unprotected)
    for (const l of u.route.lost) {
      const own = settings.get(u.ingress)?.access.some((a) => a.access.control === l.control);
      const key = `${u.route.ingress.documentIndex}:${u.route.ingress.line}\n${u.host}\n${l.control}`;
      if (own || said.has(key) || sameRef(l.ingress, u.route.ingress)) continue;
      said.add(key);
      const routes = unprotected
        .filter(
          (v) => v.ingress === u.ingress && v.host === u.host && v.route.lost.some((m) => m.control === l.control),
        )
        .map((v) => `${v.route.kind} ${v.route.name}`);
      report.unconverted(
        u.ingress,
        'access-not-converted',
        'BREAKING',
        hostPath(u.ingress, u.host),
        `The ${l.description} of host ${u.host || '(every host)'} is not converted: ${l.annotation} of ${refLabel(l.ingress)} turns it on for every path the controller serves for the host, this Ingress's too. ${servedWithout(routes, l.description)}`,
      );
    }
}

/** What the implementation's policies (policies.ts) carried, for reportAccess. */
interface PolicyReport {
  carried: ReadonlyMap<IngressView, CarriedAccess>;
  /** The policies written for each Ingress's routes, as "Kind name". */
  policies: ReadonlyMap<IngressView, string[]>;
  target: ImplementationTarget | null;
}

function servedWithout(routes: readonly string[], label: string): string {
  if (routes.length === 0)
    return `No route made from this Ingress serves a backend yet: protect the one you write with your implementation's own policy, as ${label} protected the Ingress.`;
  const names = [...new Set(routes)];
  return `${names.join(', ')} ${names.length === 1 ? 'serves' : 'serve'} its paths without it and ${names.length === 1 ? 'is' : 'are'} marked UNPROTECTED in the output: do not apply ${names.length === 1 ? 'it' : 'them'} before your implementation's own policy protects ${names.length === 1 ? 'it' : 'them'}.`;
}

const refName = (r: ResourceRef) => `Ingress ${r.namespace ? `${r.namespace}/` : ''}${r.name ?? ''}`;
const refLabel = (r: ResourceRef) => `${refName(r)} (line ${r.line})`;

const sameRef = (a: ResourceRef, b: ResourceRef) => a.documentIndex === b.documentIndex && a.line === b.line;

function hostPath(ingress: IngressView, host: string): PathSegment[] {
  const found = recordsOf(ingress.spec.rules).find(([r]) => (typeof r.host === 'string' ? r.host : '') === host);
  if (!found) return ['spec'];
  return host ? ['spec', 'rules', found[1], 'host'] : ['spec', 'rules', found[1]];
}
