// Flag removals of a new release: a flag whose component-config field (configField) the component's
// config kind has in the release before and not in the release; and a flag a note of the release names in a
// sentence that says it is removed or no longer accepted (asides that name what is kept are left out).
import type { Located } from '../bundle';
import type { FlagRecord } from '../schemas';
import { fieldPresentIn } from '../generated-index';
import { noteSource, type ProposeContext } from './context';
import { flagsIn, saysRemoved, sentencesOf, withoutExceptions } from './note-text';
import { atRecord, newRecord } from './targets';
import type { FlagProposal } from './types';

export function proposeFlags(ctx: ProposeContext, notesSource: string): FlagProposal[] {
  const out = new Map<string, FlagProposal>();
  const add = (p: FlagProposal) => {
    const k = `${p.component} ${p.flag}`;
    const first = out.get(k);
    if (first) first.evidence.push(...p.evidence);
    else out.set(k, p);
  };
  for (const p of fromConfigFields(ctx)) add(p);
  for (const p of fromNotes(ctx, notesSource)) add(p);
  return [...out.values()];
}

function fromConfigFields(ctx: ProposeContext): FlagProposal[] {
  const { seed, index, release, previous } = ctx;
  if (!index) return [];
  const kindsOf = new Map(
    seed.components.map((c) => [c.record.name, c.record.configKinds.map((k) => k.split('/')[1])]),
  );
  const out: FlagProposal[] = [];
  for (const loc of seed.flags) {
    const r = loc.record;
    if (!r.configField || r.removedIn) continue;
    const kind = (kindsOf.get(r.component) ?? []).find((k) => index.fields.has(k));
    if (!kind) continue;
    const order = [...index.fields.get(kind)!.values()][0].order;
    const present = fieldPresentIn(index, kind, r.configField);
    if (!present || !order.includes(release) || !present.includes(previous) || present.includes(release)) continue;
    out.push({
      component: r.component,
      flag: r.name,
      field: 'removedIn',
      via: 'config-field',
      target: atRecord(loc),
      record: { ...r, removedIn: release },
      evidence: [
        {
          source: 'seed/generated/component-config-fields.json',
          says: `${kind} has ${r.configField} in ${previous}, not in ${release}`,
        },
      ],
      doubts: ['the config field went; check that the flag went with it (a flag can outlive its config field)'],
    });
  }
  return out;
}

function fromNotes(ctx: ProposeContext, notesSource: string): FlagProposal[] {
  const { seed, release } = ctx;
  const components = seed.components.map((c) => c.record.name);
  const byName = new Map<string, Located<FlagRecord>[]>();
  for (const l of seed.flags) byName.set(l.record.name, [...(byName.get(l.record.name) ?? []), l]);
  const out: FlagProposal[] = [];
  for (const n of ctx.notes) {
    const named = components.filter((c) => new RegExp(`(^|[^\\w-])${c}([^\\w-]|$)`).test(n.text));
    for (const raw of sentencesOf(n.text)) {
      const sentence = withoutExceptions(raw);
      if (!saysRemoved(sentence)) continue;
      for (const flag of flagsIn(sentence)) {
        const owners = byName.get(flag) ?? [];
        const chosen = owners.filter((l) => named.includes(l.record.component));
        const picks = chosen.length > 0 ? chosen : owners.length === 1 ? owners : [];
        const evidence = [{ source: noteSource(n, notesSource), says: `the note: "${raw}"` }];
        for (const loc of picks) {
          if (loc.record.removedIn) continue;
          out.push({
            component: loc.record.component,
            flag,
            field: 'removedIn',
            via: 'note',
            target: atRecord(loc),
            record: { ...loc.record, removedIn: release },
            evidence,
            doubts: ["from the note's words only"],
          });
        }
        if (picks.length > 0 || owners.length > 0) continue;
        // A flag the seed has no record of: proposed new, under the component the note names.
        const component = named.length === 1 ? named[0] : '';
        out.push({
          component,
          flag,
          field: 'removedIn',
          via: 'note',
          target: newRecord('flags'),
          record: { component, name: flag, summary: '', removedIn: release, sources: [evidence[0].source] },
          evidence,
          doubts: [
            "from the note's words only; the seed has no record of the flag: write one (summary, introducedIn if known)",
            ...(component
              ? []
              : [`the note names ${named.length === 0 ? 'no' : 'several'} components: which one has the flag?`]),
          ],
        });
      }
    }
  }
  return out;
}
