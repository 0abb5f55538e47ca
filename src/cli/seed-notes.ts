// npm run seed:notes: the curation notes and the values they were last read against (seed/reviewed-notes.yaml).
//   (no option)             lists the notes to read again: a value they speak of changed, or never reviewed
//   --reviewed "<record>"   records that the note was read (and corrected) against today's values; repeatable
//   --new                   records every note that has no review yet (notes just written)
//   --prune                 drops reviews of records whose notes no longer speak of a reviewed field
// Exit 0 when nothing is left to read, 1 when notes wait for a review, 2 on a bad option or an invalid seed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSeed, SeedValidationError, formatProblem, type SeedProblem } from '../seed/load';
import { checkNoteBindings, noteBindings, readReviewedNotes, REVIEWED_NOTES_FILE } from '../seed/note-bindings';
import { seedDir } from '../config';

const HEADER = `# What each curation note was last read against: per record, the values of the fields its words speak of.
# When one of them changes (by curation, or by the generated index filling it in), the seed stops loading at the
# note until someone reads it again. Written by \`npm run seed:notes\`; see seed/README.md ("Notes and their values").
`;

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        reviewed: { type: 'string', multiple: true, default: [] },
        new: { type: 'boolean', default: false },
        prune: { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  const dir = seedDir();
  let bundle;
  try {
    bundle = loadSeed(dir, { skipNoteReviews: true });
  } catch (err) {
    if (err instanceof SeedValidationError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const problems: SeedProblem[] = [];
  const reviewed = readReviewedNotes(dir, problems);
  if (problems.length > 0) {
    process.stderr.write(problems.map(formatProblem).join('\n') + '\n');
    return 2;
  }
  const bound = new Map(noteBindings(bundle).map((n) => [n.record, n]));
  const unknown = args.reviewed.filter((r) => !bound.has(r));
  if (unknown.length > 0) {
    process.stderr.write(
      unknown.map((r) => `no curated note of "${r}" speaks of a field (names as in the seed's messages)`).join('\n') +
        '\n',
    );
    return 2;
  }
  const entries = new Map([...reviewed.entries].map(([k, v]) => [k, v.values]));
  for (const r of args.reviewed) entries.set(r, bound.get(r)!.values);
  if (args.new) for (const [r, n] of bound) if (!entries.has(r)) entries.set(r, n.values);
  if (args.prune) for (const r of [...entries.keys()]) if (!bound.has(r)) entries.delete(r);
  if (args.reviewed.length > 0 || args.new || args.prune) {
    const body = [...entries]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([r, values]) => `${JSON.stringify(r)}: ${JSON.stringify(values)}`)
      .join('\n');
    writeFileSync(join(dir, REVIEWED_NOTES_FILE), `${HEADER}${body}\n`);
  }
  const left: SeedProblem[] = [];
  checkNoteBindings(bundle, readReviewedNotes(dir, left), left);
  if (left.length === 0) {
    process.stdout.write(`every curation note is reviewed against today's values (${bound.size} notes)\n`);
    return 0;
  }
  process.stdout.write(
    `${left.length} note${left.length === 1 ? '' : 's'} to read again:\n${left.map(formatProblem).join('\n')}\n`,
  );
  return 1;
}

process.exitCode = main(process.argv.slice(2));
