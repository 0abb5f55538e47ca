// netkb release propose RELEASE --notes FILE: what a new release adds to seed/, as a review list.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { seedDir } from '../config';
import { formatVersion, parseVersion, VersionFormatError } from '../kb/version';
import type { CliIo } from './io';
import { parseVerbArgs } from './verb-args';
import { FOCUS_SIG } from '../kb/focus';

const RELEASE_HELP = `Usage: netkb release propose RELEASE --notes FILE [--out DIR] [options]

Proposes what Kubernetes RELEASE adds to the reviewed seed, from its sources, for a person to review:
gate stages (from the versioned feature-gate lists of seed/generated/ and any --feature-list, else from
the notes), API versions and fields (from seed/generated/, which must have been regenerated to read
RELEASE: netkb import k8s-source), flag removals (from component-config fields that disappear and from
notes that say a flag is removed), and the release's note entries, imported with upstream's words. The
seed must stop at the release before RELEASE. Nothing in seed/ is written.

Without --out the review list is printed. With --out DIR, DIR/README.md is the review list and
DIR/seed/... holds, per seed file, the YAML to merge (summaries left empty for our own words).

Options:
  --notes FILE          the release notes: release-notes-draft.json or the markdown notes      [required]
  --notes-format F      markdown or json (default: from the file name, .json is json)
  --notes-url URL       the URL the notes are cited by (default: the release's CHANGELOG)
  --sig SIG             note entries of this SIG (default Network)
  --all                 every note entry, whatever its SIG
  --feature-list FILE   a versioned_feature_list.yaml of the release (kubernetes/kubernetes
                        test/compatibility_lifecycle/reference/), when seed/generated/ predates it;
                        may be given more than once
  --feature-list-url URL  the URL (with its commit) the --feature-list files are cited by
  --out DIR             write the review list and the YAML there (created when missing)
  --format F            what is printed without --out: markdown (default) or json (the proposal)
  --seed DIR            the seed folder (default: NETKB_SEED_DIR or ./seed)
  -h, --help            this text

Exit codes: 0 proposed, 2 bad input or usage (an unknown release, a seed that does not stop at the
release before, an unreadable notes file).
`;

export async function runRelease(argv: string[], io: CliIo): Promise<number> {
  const [what, ...rest] = argv;
  if (what === '--help' || what === '-h') {
    io.stdout(RELEASE_HELP);
    return 0;
  }
  if (what !== 'propose') {
    io.stderr(`netkb release: what to do? "propose".\n\n${RELEASE_HELP}`);
    return 2;
  }
  const parsed = parseVerbArgs(
    { name: 'release propose', help: RELEASE_HELP },
    rest,
    {
      notes: { type: 'string' },
      'notes-format': { type: 'string' },
      'notes-url': { type: 'string' },
      sig: { type: 'string' },
      all: { type: 'boolean' },
      'feature-list': { type: 'string', multiple: true },
      'feature-list-url': { type: 'string' },
      out: { type: 'string' },
      format: { type: 'string', default: 'markdown' },
      seed: { type: 'string' },
    },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const o = parsed.values;
  const [releaseArg, ...extra] = parsed.positionals;
  const problems: string[] = [];
  let release = '';
  if (!releaseArg || extra.length > 0) problems.push('name exactly one RELEASE, such as 1.38');
  else
    try {
      release = formatVersion(parseVersion(releaseArg));
    } catch (err) {
      if (!(err instanceof VersionFormatError)) throw err;
      problems.push(err.message);
    }
  if (!o.notes) problems.push('--notes is required');
  const notesFormat = (o['notes-format'] ?? (o.notes?.endsWith('.json') ? 'json' : 'markdown')).toLowerCase();
  if (notesFormat !== 'markdown' && notesFormat !== 'json') problems.push('--notes-format must be markdown or json');
  if (o.format !== 'markdown' && o.format !== 'json') problems.push('--format must be markdown or json');
  if (o.all && o.sig) problems.push('--sig and --all exclude each other');
  if (o['feature-list-url'] && !o['feature-list']) problems.push('--feature-list-url needs --feature-list');
  if (problems.length > 0) {
    io.stderr(`netkb release propose: ${problems.join('; ')}\n`);
    return 2;
  }
  const read = (file: string): string | null => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      io.stderr(`netkb release propose: ${file}: cannot read the file\n`);
      return null;
    }
  };
  const notesText = read(o.notes!);
  const lists = (o['feature-list'] ?? []).map((f) => ({ file: f, text: read(f) }));
  if (notesText === null || lists.some((l) => l.text === null)) return 2;

  const [{ loadSeed }, { readGeneratedIndex }, { proposeRelease, ProposalInputError }, gateLists, review, notes] =
    await Promise.all([
      import('../seed/load'),
      import('../seed/generated-index'),
      import('../seed/rebuild/propose'),
      import('../seed/rebuild/gate-lists'),
      import('../seed/rebuild/review'),
      import('../notes/types'),
    ]);
  const seed = o.seed ? resolve(o.seed) : seedDir();
  try {
    const parsedNotes =
      notesFormat === 'json'
        ? (await import('../notes/parse-json')).parseJsonNotes(notesText)
        : (await import('../notes/parse-markdown')).parseMarkdownNotes(notesText);
    const bundle = loadSeed(seed);
    const proposal = proposeRelease({
      seed: bundle,
      index: readGeneratedIndex(seed, []),
      release,
      notes: parsedNotes,
      notesSource:
        o['notes-url'] ?? `https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-${release}.md`,
      sig: o.all ? null : (o.sig ?? FOCUS_SIG),
      gateLists: lists.map((l) => gateLists.readGateListFile(l.text!, o['feature-list-url'] ?? l.file)),
    });
    const command = `netkb release propose ${release} --notes ${o.notes}`;
    if (!o.out) {
      io.stdout(
        o.format === 'json'
          ? `${JSON.stringify(proposal, null, 2)}\n`
          : review.renderReview(proposal, { command }).review,
      );
      return 0;
    }
    const files = review.renderReview(proposal, { command });
    mkdirSync(o.out, { recursive: true });
    writeFileSync(join(o.out, 'README.md'), files.review);
    for (const [file, text] of files.snippets) {
      mkdirSync(dirname(join(o.out, file)), { recursive: true });
      writeFileSync(join(o.out, file), text);
    }
    const byLoader = proposal.apiVersions.filter((a) => a.target.byLoader).length;
    io.stdout(
      `proposed for ${release}: ${proposal.gates.length} feature gates, ${proposal.apiVersions.length} API versions (${byLoader} stated by the loader), ${proposal.apiFields.length} API fields, ${proposal.flags.length} flags, ${proposal.changes.length} note entries\n` +
        `review list: ${join(o.out, 'README.md')}; YAML to merge: ${[...files.snippets.keys()].map((f) => join(o.out!, f)).join(', ')}\n`,
    );
    return 0;
  } catch (err) {
    if (
      err instanceof ProposalInputError ||
      err instanceof notes.NotesFormatError ||
      err instanceof gateLists.GateListError
    ) {
      io.stderr(`netkb release propose: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
