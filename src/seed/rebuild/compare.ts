// A proposal against what the seed curates for the same release: per kind of fact, how many of the
// curated facts the proposal reproduces (the share), how many of its facts are curated (the precision), and
// which ones it misses or adds.
import {
  emptyFacts,
  FACT_KINDS,
  gateRemovalKey,
  lifeKey,
  noteKey,
  stageKey,
  type Fact,
  type FactKind,
  type FactSet,
} from './facts';
import type { ReleaseProposal } from './types';

/** The facts a proposal states about its release, keyed as releaseFacts keys the seed's. */
export function proposalFacts(p: ReleaseProposal): FactSet {
  const out = emptyFacts();
  const at = (target: { file: string; line: number | null }) => `${target.file}${target.line ? `:${target.line}` : ''}`;
  for (const g of p.gates) {
    for (const s of g.record.lifecycle)
      if (s.since === p.release)
        out.gateStages.push({
          key: stageKey(g.gate, s.stage, s.defaultEnabled, p.release),
          where: at(g.target),
          origin: 'written',
        });
    if (g.removed)
      out.gateStages.push({ key: gateRemovalKey(g.gate, p.release), where: at(g.target), origin: 'written' });
  }
  for (const a of p.apiVersions)
    out.apiVersions.push({
      key: lifeKey(`${a.apiVersion} ${a.kind}`, a.field, p.release),
      where: at(a.target),
      origin: 'written',
    });
  for (const f of p.apiFields)
    out.apiFields.push({
      key: lifeKey(`${f.kind} ${f.path}`, f.field, p.release),
      where: at(f.target),
      origin: 'written',
    });
  for (const f of p.flags)
    if (f.field === 'removedIn')
      out.flagRemovals.push({
        key: lifeKey(`${f.component} ${f.flag}`, 'removedIn', p.release),
        where: at(f.target),
        origin: 'written',
      });
  for (const c of p.changes) out.notes.push({ key: noteKey(c.id), where: c.sources[0], origin: 'written' });
  return out;
}

export interface KindComparison {
  kind: FactKind;
  /** Curated facts the proposal states too. */
  reproduced: Fact[];
  /** Curated facts the proposal does not state. */
  missed: Fact[];
  /** Facts the proposal states that the seed does not curate. */
  extra: Fact[];
  total: number;
  /** reproduced / total; null when the seed curates no fact of this kind for the release. */
  share: number | null;
  /** reproduced / proposed; null when the proposal states none. */
  precision: number | null;
}

export function compareFacts(curated: FactSet, proposed: FactSet): KindComparison[] {
  return FACT_KINDS.map((kind) => {
    const want = new Map(curated[kind].map((f) => [f.key, f]));
    const got = new Map(proposed[kind].map((f) => [f.key, f]));
    const reproduced = [...want.values()].filter((f) => got.has(f.key));
    return {
      kind,
      reproduced,
      missed: [...want.values()].filter((f) => !got.has(f.key)),
      extra: [...got.values()].filter((f) => !want.has(f.key)),
      total: want.size,
      share: want.size === 0 ? null : reproduced.length / want.size,
      precision: got.size === 0 ? null : reproduced.length / got.size,
    };
  });
}

const percent = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 100)} %`);

/** "gateStages: 17/20 (85 %), precision 17/19 (89 %)", then the misses and the extras, one per line. */
export function formatComparison(release: string, rows: KindComparison[], opts: { list?: number } = {}): string {
  const list = opts.list ?? 20;
  const lines = [`Rebuild of ${release} from its sources, against the curated seed:`];
  for (const r of rows) {
    const origins = ['filled', 'generated']
      .map(
        (o) =>
          [
            o,
            r.reproduced.filter((f) => f.origin === o).length,
            [...r.reproduced, ...r.missed].filter((f) => f.origin === o).length,
          ] as const,
      )
      .filter(([, , n]) => n > 0)
      .map(
        ([o, got, n]) =>
          `${got}/${n} ${o === 'filled' ? 'filled in from the index by the loader' : 'in records generated from the index'}`,
      );
    lines.push(
      `  ${r.kind}: ${r.reproduced.length}/${r.total} (${percent(r.share)}), precision ${r.reproduced.length}/${r.reproduced.length + r.extra.length} (${percent(r.precision)})${origins.length > 0 ? `; of the curated facts ${origins.join(', ')}` : ''}`,
    );
    for (const f of r.missed.slice(0, list)) lines.push(`    missed: ${f.key} (${f.where})`);
    if (r.missed.length > list) lines.push(`    ... and ${r.missed.length - list} more missed`);
    for (const f of r.extra.slice(0, list)) lines.push(`    not curated: ${f.key} (${f.where})`);
    if (r.extra.length > list) lines.push(`    ... and ${r.extra.length - list} more not curated`);
  }
  return `${lines.join('\n')}\n`;
}
