// Reads Kubernetes' generated feature list (test/compatibility_lifecycle/reference/feature_list.md, written by
// hack/update-featuregates.sh): a markdown table with one row per gate still in code, its Enabled and Locked
// columns ("1.33+": first on by default, first locked) and one column of release ranges per stage. Columns are
// found by their header, so the upstream file (with its Links column and the emoji before the Enabled and
// Locked values) and a copy without them read alike.
import type { FeatureListGate, ReferenceStage } from '../../seed/gate-reference-index';
import { compareVersions } from '../../kb/version';

export class SourceFormatError extends Error {
  override readonly name = 'SourceFormatError';
}

const STAGE_COLUMNS: [string, ReferenceStage][] = [
  ['Alpha', 'ALPHA'],
  ['Beta', 'BETA'],
  ['GA', 'GA'],
  ['Deprecated', 'DEPRECATED'],
];
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** "1.33+" (after any emoji or &nbsp; the upstream file puts first) -> "1.33"; "" -> null. */
function sinceCell(cell: string, where: string): string | null {
  if (cell === '') return null;
  const m = /(?:^|[;:\s])(\d+\.\d+)\+$/.exec(cell);
  if (!m) throw new SourceFormatError(`${where}: "${cell}" is not a release followed by +`);
  return m[1];
}

/** "1.8–1.15", "1.31" or "1.32–" (en dash or hyphen; several ranges separated by commas) -> ranges. */
function rangesCell(cell: string, where: string): { from: string; to: string | null }[] {
  if (cell === '') return [];
  return cell.split(',').map((part) => {
    const m = /^(\d+\.\d+)(?:\s*([–-])\s*(\d+\.\d+)?)?$/.exec(part.trim());
    if (!m) throw new SourceFormatError(`${where}: "${part.trim()}" is not a release range`);
    return { from: m[1], to: m[2] ? (m[3] ?? null) : m[1] };
  });
}

export function readFeatureList(text: string, file: string): FeatureListGate[] {
  const lines = text.split('\n');
  const head = lines.findIndex((l) => /^\s*\|\s*Feature\s*\|/.test(l));
  if (head < 0) throw new SourceFormatError(`${file}: no table whose first column is Feature`);
  const header = cellsOf(lines[head]);
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new SourceFormatError(`${file}: the table has no ${name} column`);
    return i;
  };
  const enabled = col('Enabled');
  const locked = col('Locked');
  const stageCols = STAGE_COLUMNS.map(([name, stage]) => [col(name), stage] as const);
  const gates: FeatureListGate[] = [];
  const seen = new Set<string>();
  for (let i = head + 2; i < lines.length && lines[i].trim().startsWith('|'); i++) {
    const cells = cellsOf(lines[i]);
    const where = `${file}:${i + 1}`;
    const name = cells[0];
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new SourceFormatError(`${where}: "${name}" is not a gate name`);
    if (cells.length < header.length) throw new SourceFormatError(`${where}: ${name} has too few columns`);
    if (seen.has(name)) throw new SourceFormatError(`${where}: ${name} is listed twice`);
    seen.add(name);
    const stages = stageCols
      .flatMap(([c, stage]) => rangesCell(cells[c], `${where} ${name}`).map((r) => ({ stage, ...r })))
      .sort((a, b) => compareVersions(a.from, b.from));
    gates.push({
      name,
      enabledSince: sinceCell(cells[enabled], `${where} ${name} Enabled`),
      lockedSince: sinceCell(cells[locked], `${where} ${name} Locked`),
      stages,
    });
  }
  if (gates.length === 0) throw new SourceFormatError(`${file}: the feature table has no rows`);
  return gates.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
