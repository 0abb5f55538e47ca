// netkb import notes FILE --version X: adds an official release-notes file to the database.
import { readFileSync } from 'node:fs';
import { formatVersion } from '../kb/version';
import { importReleaseNotes } from '../services/import-notes';
import type { CliIo } from './io';
import { exitCodeFor } from './errors';
import { parseVerbArgs } from './verb-args';
import { FOCUS_SIG } from '../kb/focus';

const IMPORT_HELP = `Usage: netkb import notes FILE --version RELEASE [--format markdown|json] [--sig SIG | --all]
       netkb import k8s-source API_REPO [--files DIR]   (see netkb import k8s-source --help)
       netkb import gateway-api-source GIT_DIR [--out DIR]   (see netkb import gateway-api-source --help)
       netkb import envoy-gateway-source GIT_DIR [--out DIR]   (see netkb import envoy-gateway-source --help)
       netkb import keps DIR [--ref REF | --commit SHA]   (see netkb import keps --help)
       netkb import gate-history NAME=GIT_DIR...   (see netkb import gate-history --help)
       netkb import gate-reference DIR [--out DIR]   (see netkb import gate-reference --help)
       netkb import gate-notes DIR [--out DIR]       (see netkb import gate-notes --help)
       netkb import flag-notes DIR [--out DIR]       (see netkb import flag-notes --help)
       netkb import well-known-keys PAGE API_REPO    (see netkb import well-known-keys --help)
       netkb import add-on-apis NAME GIT_DIR         (see netkb import add-on-apis --help)
       netkb import tool-gate-notes DIR [--out DIR]  (see netkb import tool-gate-notes --help)
       netkb import kubeadm-types DIR [--out DIR]    (see netkb import kubeadm-types --help)

Imports the release notes of a release the reviewed seed does not cover yet, from the release team's
markdown (CHANGELOG / release-notes-draft.md layout) or JSON (release-notes-draft.json) file. Entries of
SIG Network (or --sig) become changes marked imported, keeping upstream's wording, in this database only
(they survive rebuilds from seed/); the entities each entry mentions are linked where the knowledge base
knows them, and the rest is listed as unlinked. Importing the same release again replaces its entries.

Options:
  --version RELEASE   the release the notes are for, e.g. 1.38                       [required]
  --format F          markdown or json (default: from the file name, .json is json)
  --sig SIG           import the entries of this SIG (default Network)
  --all               import every entry, whatever its SIG
  -h, --help          this text

Exit codes: 0 imported, 2 bad input or usage.
`;

export async function runImport(argv: string[], io: CliIo): Promise<number> {
  const [what, ...rest] = argv;
  if (what === '--help' || what === '-h') {
    io.stdout(IMPORT_HELP);
    return 0;
  }
  if (what === 'k8s-source') return (await import('./import-k8s-source')).runImportK8sSource(rest, io);
  if (what === 'gateway-api-source') return (await import('./import-gateway-api')).runImportGatewayApi(rest, io);
  if (what === 'envoy-gateway-source') return (await import('./import-envoy-gateway')).runImportEnvoyGateway(rest, io);
  if (what === 'keps') return (await import('./import-keps')).runImportKeps(rest, io);
  if (what === 'gate-history') return (await import('./import-gate-history')).runImportGateHistory(rest, io);
  if (what === 'gate-reference') return (await import('./import-gate-reference')).runImportGateReference(rest, io);
  if (what === 'gate-notes') return (await import('./import-gate-notes')).runImportGateNotes(rest, io);
  if (what === 'flag-notes') return (await import('./import-flag-notes')).runImportFlagNotes(rest, io);
  if (what === 'well-known-keys') return (await import('./import-well-known-keys')).runImportWellKnownKeys(rest, io);
  if (what === 'add-on-apis') return (await import('./import-add-on-apis')).runImportAddOnApis(rest, io);
  if (what === 'tool-gate-notes') return (await import('./import-tool-gate-notes')).runImportToolGateNotes(rest, io);
  if (what === 'kubeadm-types') return (await import('./import-kubeadm-types')).runImportKubeadmTypes(rest, io);
  if (what !== 'notes') {
    io.stderr(
      `netkb import: what to import? "notes", "k8s-source", "gateway-api-source", "envoy-gateway-source", "keps", "gate-history", "gate-reference", "gate-notes", "flag-notes", "well-known-keys", "add-on-apis", "tool-gate-notes" or "kubeadm-types".\n\n${IMPORT_HELP}`,
    );
    return 2;
  }
  const parsed = parseVerbArgs(
    { name: 'import', help: IMPORT_HELP },
    rest,
    { version: { type: 'string' }, format: { type: 'string' }, sig: { type: 'string' }, all: { type: 'boolean' } },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const o = parsed.values;
  const [file, ...extra] = parsed.positionals;
  const problems: string[] = [];
  if (!file || extra.length > 0) problems.push('name exactly one notes FILE');
  if (!o.version) problems.push('--version is required');
  const format = (o.format ?? (file?.endsWith('.json') ? 'json' : 'markdown')).toUpperCase();
  if (format !== 'MARKDOWN' && format !== 'JSON') problems.push('--format must be markdown or json');
  if (o.all && o.sig) problems.push('--sig and --all exclude each other');
  if (problems.length > 0) {
    io.stderr(`netkb import: ${problems.join('; ')}\n`);
    return 2;
  }
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch {
    io.stderr(`netkb import: ${file}: cannot read the file\n`);
    return 2;
  }
  try {
    const kb = await io.loadKb();
    const result = await importReleaseNotes(kb, io.dbFile(), {
      version: o.version!,
      format: format as 'MARKDOWN' | 'JSON',
      content,
      sourceFile: file,
      sig: o.all ? null : (o.sig ?? FOCUS_SIG),
    });
    io.stdout(
      `imported ${result.changesCreated} entries for ${formatVersion(result.version)} from ${file} (${result.skipped} of other SIGs or repeated skipped)\n`,
    );
    if (result.unlinked.length > 0)
      io.stdout(`not linked (no record in the knowledge base):\n${result.unlinked.map((u) => `  ${u}`).join('\n')}\n`);
    return 0;
  } catch (err) {
    const code = exitCodeFor(err);
    if (code === null) throw err;
    io.stderr(`netkb import: ${(err as Error).message}\n`);
    return code;
  }
}
