// The curated seed against the generated index (seed/generated/): every curated API version, field, gate
// stage and metric must agree with what Kubernetes' source says, or carry a `sourceOverrides` entry naming
// the source that overrides it. Facts the curated record leaves out are filled from the index, and
// group/version/kinds the seed lacks become records generated from it.
import type { Located, SeedBundle, SeedProblem } from './load';
import type { ApiVersionRecord, FeatureGateRecord, SourceOverrideRecord } from './schemas';
import {
  apiFacts,
  fieldFacts,
  fieldPresentIn,
  isObjectKind,
  entryHasMarkers,
  type GateEntry,
  gateStateIn,
  groupOf,
  isAlpha,
  isBeta,
  type GeneratedIndex,
} from './generated-index';
import { formatVersion, parseVersion } from '../kb/version';

export interface CrossCheckReport {
  /** Curated records that agree with the index or explain every difference. */
  checked: Record<'apiVersions' | 'apiFields' | 'featureGates' | 'metrics' | 'flags', number>;
  /** Curated records the index has nothing to say about (another repository's group, a gate removed before the list). */
  notCovered: Record<'apiVersions' | 'apiFields' | 'featureGates' | 'metrics' | 'flags', number>;
  /** api-versions records generated from the index. */
  generated: number;
  /** Values filled in from the index where the curated record left them out. */
  filled: number;
  /** What was filled, one line each: file:line record field = value. */
  filledValues: string[];
  /** Disagreements explained by a sourceOverrides entry. */
  overridden: number;
}

type WithOverrides = { sourceOverrides?: SourceOverrideRecord[] | null };

export function crossCheck(b: SeedBundle, index: GeneratedIndex, problems: SeedProblem[]): CrossCheckReport {
  const report: CrossCheckReport = {
    checked: { apiVersions: 0, apiFields: 0, featureGates: 0, metrics: 0, flags: 0 },
    notCovered: { apiVersions: 0, apiFields: 0, featureGates: 0, metrics: 0, flags: 0 },
    generated: 0,
    filled: 0,
    filledValues: [],
    overridden: 0,
  };
  const newest = Math.max(...b.releases.map((r) => parseVersion(r.record.version)));
  const used = new Set<SourceOverrideRecord>();
  const fill = (loc: Located<unknown>, record: string, field: string, value: unknown) => {
    report.filled++;
    report.filledValues.push(`${loc.file}:${loc.line}: ${record} ${field} = ${JSON.stringify(value)}`);
  };
  const name = (loc: Located<FeatureGateRecord>) => `feature gate ${loc.record.name}`;

  /** A disagreement: a problem unless the record's sourceOverrides names this field. */
  const differ = (loc: Located<WithOverrides>, name: string, field: string, message: string): boolean => {
    const override = (loc.record.sourceOverrides ?? []).find((o) => o.field === field);
    if (override) {
      used.add(override);
      report.overridden++;
      return false;
    }
    problems.push({
      file: loc.file,
      record: name,
      field,
      line: loc.line,
      message: `${message} (or add sourceOverrides: [{ field: ${field}, source, why }] naming the source that overrides it)`,
    });
    return true;
  };

  // --- API versions -----------------------------------------------------------------------------------
  const groupsIndexed = new Set([...index.apiVersions.values()].map(({ entry }) => groupOf(entry.apiVersion)));
  const curated = new Map(b.apiVersions.map((l) => [`${l.record.apiVersion} ${l.record.kind}`, l]));
  for (const loc of b.apiVersions) {
    const r = loc.record;
    const name = `API version ${r.apiVersion} ${r.kind}`;
    // A list is served with its resource: the API server acts on the resource kind's markers, so a list
    // record is checked against them (upstream's list markers sometimes differ, and nothing reads them).
    const base = r.kind.endsWith('List') ? index.apiVersions.get(`${r.apiVersion} ${r.kind.slice(0, -4)}`) : undefined;
    const hit = base ?? index.apiVersions.get(`${r.apiVersion} ${r.kind}`);
    if (!hit) {
      if (groupsIndexed.has(groupOf(r.apiVersion))) {
        differ(
          loc,
          name,
          'apiVersion',
          `k8s.io/api registers no ${r.kind} in ${r.apiVersion} in any release read (${index.order[0]}-${index.order[index.order.length - 1]})`,
        );
      } else report.notCovered.apiVersions++;
      continue;
    }
    report.checked.apiVersions++;
    const f = apiFacts(hit.entry, index.order);
    const where = `(${index.apiVersionsFile}:${hit.line})`;
    if (f.introducedIn !== null) {
      if (r.introducedIn == null) {
        r.introducedIn = f.introducedIn;
        fill(loc, name, 'introducedIn', f.introducedIn);
      } else if (r.introducedIn !== f.introducedIn)
        differ(loc, name, 'introducedIn', `is ${r.introducedIn}, the source says ${f.introducedIn} ${where}`);
    } else if (r.introducedIn != null && parseVersion(r.introducedIn) > parseVersion(f.firstRegistered)) {
      differ(
        loc,
        name,
        'introducedIn',
        `is ${r.introducedIn}, but k8s.io/api registers it already in ${f.firstRegistered} ${where}`,
      );
    }
    if (f.deprecatedIn !== null) {
      if (r.deprecatedIn == null) {
        if (parseVersion(f.deprecatedIn) <= newest) {
          r.deprecatedIn = f.deprecatedIn;
          fill(loc, name, 'deprecatedIn', f.deprecatedIn);
        }
      } else if (r.deprecatedIn !== f.deprecatedIn)
        differ(loc, name, 'deprecatedIn', `is ${r.deprecatedIn}, the lifecycle marker says ${f.deprecatedIn} ${where}`);
    } else if (r.deprecatedIn != null && hit.entry.markers !== null) {
      differ(
        loc,
        name,
        'deprecatedIn',
        `is ${r.deprecatedIn}, but its lifecycle markers deprecate it in no release ${where}`,
      );
    }
    if (f.removedIn !== null && f.removalMarked && parseVersion(f.removedIn) <= newest) {
      if (r.removedIn == null) {
        r.removedIn = f.removedIn;
        fill(loc, name, 'removedIn', f.removedIn);
      } else if (r.removedIn !== f.removedIn)
        differ(loc, name, 'removedIn', `is ${r.removedIn}, the removal marker says ${f.removedIn} ${where}`);
    } else if (
      f.removedIn !== null &&
      !f.removalMarked &&
      r.removedIn != null &&
      parseVersion(r.removedIn) > parseVersion(f.removedIn)
    ) {
      differ(
        loc,
        name,
        'removedIn',
        `is ${r.removedIn}, but k8s.io/api no longer has the version in ${f.removedIn} ${where}`,
      );
    } else if (f.removedIn === null && r.removedIn != null && entryHasMarkers(hit.entry)) {
      differ(
        loc,
        name,
        'removedIn',
        `is ${r.removedIn}, but the lifecycle markers set no removal and ${index.order[index.order.length - 1]} still has it ${where}`,
      );
    }
    if (f.replacement !== null) {
      if (r.replacement == null) {
        if (curated.has(`${f.replacement} ${r.kind}`) || index.apiVersions.has(`${f.replacement} ${r.kind}`)) {
          r.replacement = f.replacement;
          fill(loc, name, 'replacement', f.replacement);
        }
      } else if (r.replacement !== f.replacement)
        differ(loc, name, 'replacement', `is ${r.replacement}, the lifecycle marker says ${f.replacement} ${where}`);
    }
  }

  // replacementAvailableIn is the first release that serves the replacement: the source's start of it.
  for (const loc of b.apiVersions) {
    const r = loc.record;
    if (!r.replacement || r.replacementAvailableIn == null) continue;
    const rep = index.apiVersions.get(`${r.replacement} ${r.kind}`);
    const start = rep ? apiFacts(rep.entry, index.order).introducedIn : null;
    if (start !== null && start !== r.replacementAvailableIn) {
      differ(
        loc,
        `API version ${r.apiVersion} ${r.kind}`,
        'replacementAvailableIn',
        `is ${r.replacementAvailableIn}, but the source serves ${r.replacement} ${r.kind} from ${start} (${index.apiVersionsFile}:${rep!.line})`,
      );
    }
  }

  // Group/version/kinds the curated seed lacks: generated records for those served from recordsFrom on.
  const cfg = index.config.api;
  for (const [key, { entry, line }] of index.apiVersions) {
    if (curated.has(key)) continue;
    const f = apiFacts(entry, index.order);
    if (!f.served.some((r) => parseVersion(r) >= parseVersion(cfg.recordsFrom))) continue;
    if (isAlpha(entry.apiVersion) && !cfg.alphaGroups.includes(groupOf(entry.apiVersion))) continue;
    if (!isObjectKind(entry.kind) || cfg.skipKinds.includes(entry.kind)) continue;
    const ref = index.refs.get(f.served[f.served.length - 1])!;
    const futureRemoval = f.removedIn !== null && parseVersion(f.removedIn) > newest ? f.removedIn : null;
    const futureDeprecation = f.deprecatedIn !== null && parseVersion(f.deprecatedIn) > newest ? f.deprecatedIn : null;
    const offByDefault =
      isAlpha(entry.apiVersion) ||
      (isBeta(entry.apiVersion) &&
        f.introducedIn !== null &&
        parseVersion(f.introducedIn) >= parseVersion(cfg.betaOffByDefaultFrom));
    const record: ApiVersionRecord = {
      apiVersion: entry.apiVersion,
      kind: entry.kind,
      introducedIn: f.introducedIn,
      deprecatedIn: futureDeprecation ? null : f.deprecatedIn,
      removedIn: futureRemoval ? null : f.removedIn,
      replacement: f.replacement,
      servedByDefault: !offByDefault,
      notes: [
        'Generated from k8s.io/api by netkb import k8s-source: registered in',
        `${entry.registeredIn.join(', ')}${entry.markers ? `; lifecycle markers read at ${entry.markers.from}` : ''}.`,
        futureDeprecation
          ? `The deprecation marker says ${futureDeprecation}, after the newest release on record.`
          : '',
        futureRemoval ? `The removal marker says ${futureRemoval}, after the newest release on record.` : '',
        f.removedIn !== null && !f.removalMarked && !futureRemoval
          ? `No removal marker: ${f.removedIn} is the first release whose k8s.io/api no longer has the version, so it is served there at the latest until ${f.removedIn}.`
          : '',
        offByDefault
          ? isAlpha(entry.apiVersion)
            ? 'An alpha version is served only when enabled.'
            : `A beta version introduced from ${cfg.betaOffByDefaultFrom} on is served only when enabled (KEP-3136).`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
      sources: [
        `${index.repository}/tree/${ref.ref}/${entry.dir}`,
        ...(offByDefault && !isAlpha(entry.apiVersion) ? [cfg.betaOffByDefaultSource] : []),
      ],
    };
    b.apiVersions.push({ file: index.apiVersionsFile, index: line - 1, line, record });
    report.generated++;
  }
  const all = new Map(b.apiVersions.map((l) => [`${l.record.apiVersion} ${l.record.kind}`, l.record]));
  for (const loc of b.apiVersions) {
    const r = loc.record;
    if (r.replacement && !all.has(`${r.replacement} ${r.kind}`)) {
      if (loc.file === index.apiVersionsFile) {
        r.replacement = null;
        continue;
      }
    }
    // A removed version's replacement must still be served when it goes: advice names what works then.
    const rep = r.replacement ? all.get(`${r.replacement} ${r.kind}`) : undefined;
    if (r.removedIn && rep?.removedIn && parseVersion(rep.removedIn) <= parseVersion(r.removedIn)) {
      differ(
        loc as Located<WithOverrides>,
        `API version ${r.apiVersion} ${r.kind}`,
        'replacement',
        `${r.replacement} is removed in ${rep.removedIn}, no later than ${r.apiVersion} itself (${r.removedIn}): name the version served at the removal`,
      );
    }
  }

  // --- API fields ---------------------------------------------------------------------------------------
  for (const loc of b.apiFields) {
    const r = loc.record;
    const name = `API field ${r.kind} ${r.path}`;
    const f = fieldFacts(index, r.kind, r.path, r.apiVersions ?? null);
    if (f === undefined) {
      report.notCovered.apiFields++;
      continue;
    }
    report.checked.apiFields++;
    if (f === null) {
      differ(
        loc,
        name,
        'path',
        `no ${r.kind}${r.apiVersions ? ` (${r.apiVersions.join(', ')})` : ''} in k8s.io/api has the field ${r.path} in any release read`,
      );
      continue;
    }
    for (const field of ['introducedIn', 'removedIn'] as const) {
      const said = f[field];
      if (said === null) {
        if (field === 'removedIn' && r.removedIn != null)
          differ(
            loc,
            name,
            field,
            `is ${r.removedIn}, but the field is still in the types in ${index.order[index.order.length - 1]}`,
          );
        if (
          field === 'introducedIn' &&
          r.introducedIn != null &&
          parseVersion(r.introducedIn) > parseVersion(f.present[0])
        )
          differ(loc, name, field, `is ${r.introducedIn}, but the types have the field already in ${f.present[0]}`);
        continue;
      }
      if (r[field] == null) {
        r[field] = said;
        fill(loc, name, field, said);
      } else if (r[field] !== said) differ(loc, name, field, `is ${r[field]}, the types say ${said}`);
    }
    if (f.deprecatedIn !== null && r.deprecatedIn == null)
      differ(
        loc,
        name,
        'deprecatedIn',
        `is not set, but the field's doc comment calls it deprecated from ${f.deprecatedIn}`,
      );
  }

  // --- Flags: the component-config field a flag names must exist while the flag does -------------------
  const configKind = new Map(
    b.components.map((c) => [c.record.name, c.record.configKinds.map((k) => k.split('/')[1])]),
  );
  for (const loc of b.flags) {
    const r = loc.record;
    if (!r.configField) {
      report.notCovered.flags++;
      continue;
    }
    const kind = (configKind.get(r.component) ?? []).find((k) => index.fields.has(k));
    const present = kind ? fieldPresentIn(index, kind, r.configField) : undefined;
    const order = kind ? [...index.fields.get(kind)!.values()][0].order : [];
    const life = order.filter(
      (rel) =>
        (r.introducedIn == null || parseVersion(rel) >= parseVersion(r.introducedIn)) &&
        (r.removedIn == null || parseVersion(rel) < parseVersion(r.removedIn)),
    );
    if (present === undefined || life.length === 0) {
      report.notCovered.flags++;
      continue;
    }
    report.checked.flags++;
    if (!present.some((rel) => life.includes(rel))) {
      differ(
        loc,
        `flag ${r.component} ${r.name}`,
        'configField',
        present.length === 0
          ? `${kind} has no field ${r.configField} in any release read (${order[0]}-${order[order.length - 1]})`
          : `${kind} has ${r.configField} only in ${present[0]}-${present[present.length - 1]}, not while the flag exists`,
      );
    }
  }

  // --- Feature gates ------------------------------------------------------------------------------------
  if (index.gateSources.length > 0) {
    for (const loc of b.featureGates) {
      const hits = index.gateSources.filter((src) => src.gates.has(loc.record.name));
      if (hits.length === 0) {
        report.notCovered.featureGates++;
        continue;
      }
      report.checked.featureGates++;
      for (const src of hits)
        checkGate(loc, src.gates.get(loc.record.name)!, src, newest, differ, (field, value) =>
          fill(loc, name(loc), field, value),
        );
    }
  }

  // --- Metrics ------------------------------------------------------------------------------------------
  // Each metrics file is one stored version: a name it does not declare may be newer or older than the copy.
  // A curated name the copy declares under another exported name (its bare Name, or another prefix) is wrong.
  if (index.metrics) {
    const declared = new Map<string, { name: string; bare: string; deprecatedIn: string | null; source: string }[]>();
    for (const file of index.metrics) {
      if (!declared.has(file.component)) declared.set(file.component, []);
      for (const m of file.metrics) declared.get(file.component)!.push({ ...m, source: file.source });
    }
    for (const loc of b.metrics) {
      const r = loc.record;
      const list = declared.get(r.component) ?? [];
      const name = `metric ${r.component} ${r.name}`;
      const exact = list.find((d) => d.name === r.name);
      if (exact) {
        report.checked.metrics++;
        if (exact.deprecatedIn && r.deprecatedIn == null) {
          if (parseVersion(exact.deprecatedIn) <= newest) {
            r.deprecatedIn = exact.deprecatedIn;
            fill(loc, name, 'deprecatedIn', exact.deprecatedIn);
          }
        } else if (exact.deprecatedIn && r.deprecatedIn !== exact.deprecatedIn)
          differ(
            loc,
            name,
            'deprecatedIn',
            `is ${r.deprecatedIn}, the source declares DeprecatedVersion ${exact.deprecatedIn} (${exact.source})`,
          );
        continue;
      }
      // Another spelling of the same metric: its bare Name, or the bare Name behind a prefix that is the
      // declared prefix (or the component's name) written differently, such as kube_proxy_ for kubeproxy_.
      const squash = (x: string) => x.replace(/[_-]/g, '');
      const other = list.find((d) => {
        if (d.name === d.bare) return false;
        if (d.bare === r.name) return true;
        if (!r.name.endsWith(`_${d.bare}`)) return false;
        const prefix = squash(r.name.slice(0, -(d.bare.length + 1)));
        return prefix === squash(d.name.slice(0, -(d.bare.length + 1))) || prefix === squash(r.component);
      });
      if (other) {
        report.checked.metrics++;
        differ(loc, name, 'name', `the source exports this metric as ${other.name} (${other.source})`);
        continue;
      }
      report.notCovered.metrics++;
    }
  }

  // An override that explains nothing is stale: the source and the record agree again.
  const lists: [string, Located<WithOverrides & Record<string, unknown>>[], (r: Record<string, unknown>) => string][] =
    [
      ['API version', b.apiVersions as never, (r) => `${r.apiVersion} ${r.kind}`],
      ['API field', b.apiFields as never, (r) => `${r.kind} ${r.path}`],
      ['feature gate', b.featureGates as never, (r) => `${r.name}`],
      ['metric', b.metrics as never, (r) => `${r.component} ${r.name}`],
      ['flag', b.flags as never, (r) => `${r.component} ${r.name}`],
    ];
  for (const [what, list, key] of lists) {
    for (const loc of list) {
      (loc.record.sourceOverrides ?? []).forEach((o, i) => {
        if (!used.has(o))
          problems.push({
            file: loc.file,
            line: loc.line,
            record: `${what} ${key(loc.record)}`,
            field: `sourceOverrides[${i}]`,
            message: `overrides ${o.field}, but the generated index agrees with the record (or says nothing of it): remove the override`,
          });
      });
    }
  }
  return report;
}

/**
 * A gate's curated stages against its versioned specs, release by release, from the first spec on (a
 * first spec at "1.0" is the list's placeholder for "before the specs were versioned": compared from the
 * next one) up to the newest release the list knows. Locks the curated stages leave out are filled in
 * when the specs give one value for the whole stage.
 */
function checkGate(
  loc: Located<FeatureGateRecord & WithOverrides>,
  src: GateEntry,
  list: GeneratedIndex['gateSources'][number],
  newest: number,
  differ: (loc: Located<WithOverrides>, name: string, field: string, message: string) => boolean,
  filled: (field: string, value: unknown) => void,
): void {
  const g = loc.record;
  const name = `feature gate ${g.name}`;
  const specs = src.specs;
  const from = specs[0].since === '1.0' && specs.length > 1 ? specs[1].since : specs[0].since;
  const last = Math.min(newest, list.knownThrough === null ? newest : parseVersion(list.knownThrough));
  const stageOf = (release: string) => {
    let found: FeatureGateRecord['lifecycle'][number] | null = null;
    for (const s of g.lifecycle)
      if (
        parseVersion(s.since) <= parseVersion(release) &&
        (s.until == null || parseVersion(release) <= parseVersion(s.until))
      )
        found = s;
    return found;
  };
  const mismatches: string[] = [];
  const lockGaps: string[] = [];
  for (let r = parseVersion(from); r <= last; r++) {
    const release = formatVersion(r);
    const want = gateStateIn(src, release);
    if (!want) continue;
    const have = stageOf(release);
    if (g.removedIn && parseVersion(g.removedIn) <= r) {
      mismatches.push(`${release}: removed in the seed, ${want.stage} in the source`);
      continue;
    }
    if (!have) {
      mismatches.push(
        `${release}: no stage in the seed, ${want.stage} ${want.defaultEnabled ? 'on' : 'off'} in the source`,
      );
      continue;
    }
    if (have.stage !== want.stage || have.defaultEnabled !== want.defaultEnabled) {
      mismatches.push(
        `${release}: ${have.stage} ${have.defaultEnabled ? 'on' : 'off'} in the seed, ${want.stage} ${want.defaultEnabled ? 'on' : 'off'} in the source`,
      );
    } else if (have.lockedToDefault != null && have.lockedToDefault !== want.lockedToDefault) {
      lockGaps.push(
        `${release}: ${have.lockedToDefault ? 'locked' : 'not locked'} in the seed, ${want.lockedToDefault ? 'locked' : 'not locked'} in the source`,
      );
    }
  }
  if (mismatches.length > 0)
    differ(loc, name, 'lifecycle', `disagrees with the versioned specs (${list.source}): ${compress(mismatches)}`);
  if (lockGaps.length > 0)
    differ(loc, name, 'lockedToDefault', `disagrees with the versioned specs (${list.source}): ${compress(lockGaps)}`);
  if (mismatches.length > 0) return;
  // Fill locks the curated stages leave unknown, where the source covers the whole stage with one value.
  g.lifecycle.forEach((s, i) => {
    if (s.lockedToDefault != null) return;
    const end = Math.min(s.until ? parseVersion(s.until) : last, last);
    if (parseVersion(s.since) < parseVersion(from) || parseVersion(s.since) > last) return;
    const values = new Set<boolean>();
    for (let r = parseVersion(s.since); r <= end; r++) {
      const st = gateStateIn(src, formatVersion(r));
      if (st) values.add(st.lockedToDefault);
    }
    if (values.size === 1) {
      s.lockedToDefault = [...values][0];
      filled(`lifecycle[${i}].lockedToDefault`, s.lockedToDefault);
    }
  });
}

function compress(lines: string[]): string {
  return lines.length <= 4
    ? lines.join('; ')
    : `${lines.slice(0, 4).join('; ')}; and ${lines.length - 4} more releases`;
}
