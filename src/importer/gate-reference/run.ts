// `netkb import gate-reference DIR`: reads the feature list and the per-gate website pages that
// seed/generated/feature-gates-reference-source.yaml names, from a folder holding them, and writes
// seed/generated/feature-gates-reference.json, one gate per line.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSourceFile, SourceConfigError } from '../source-file';
import {
  GATE_REFERENCE_FILE,
  gateReferenceSourceSchema,
  newestInFeatureList,
  type GateReferenceFile,
  type GateReferenceSource,
} from '../../seed/gate-reference-index';
import { formatVersion, parseVersion } from '../../kb/version';
import { readFeatureList } from './feature-list';
import { readGatePage } from './gate-page';
import { jsonLinesObject } from '../json-lines';

/** seed/generated/feature-gates-reference-source.yaml: each file's repository, path and commit. */
export function readGateReferenceSource(file: string): GateReferenceSource {
  const source = readSourceFile(file, gateReferenceSourceSchema);
  if (!source.featureList && !source.gatePages)
    throw new SourceConfigError(`${file}: names neither a featureList nor gatePages`);
  return source;
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The index of what `dir` holds at the places the source names. Every page in the pages' folder must have
 * its commit in the source, and every page the source names must be there: a commit is never guessed.
 */
export function buildGateReference(dir: string, source: GateReferenceSource): GateReferenceFile {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SourceConfigError(`${dir}: no such folder`);
  const out: GateReferenceFile = {
    generatedBy: 'netkb import gate-reference',
    featureList: null,
    featureListGates: [],
    gatePages: [],
  };
  if (source.featureList) {
    const fl = source.featureList;
    const path = join(dir, fl.file);
    if (!existsSync(path)) throw new SourceConfigError(`${path}: missing (featureList.file of the source)`);
    const gates = readFeatureList(readFileSync(path, 'utf8'), fl.file);
    const newest = newestInFeatureList(gates)!;
    out.featureList = {
      source: `${fl.repository}/blob/${fl.commit}/${fl.path}`,
      commit: fl.commit,
      newest,
      knownThrough: formatVersion(parseVersion(newest) - 1),
    };
    out.featureListGates = gates;
  }
  if (source.gatePages) {
    const gp = source.gatePages;
    const folder = join(dir, gp.dir);
    if (!existsSync(folder)) throw new SourceConfigError(`${folder}: missing (gatePages.dir of the source)`);
    const files = readdirSync(folder).filter((f) => f.endsWith('.md') && f !== '_index.md');
    const unlisted = files.filter((f) => !(f in gp.commits));
    if (unlisted.length > 0)
      throw new SourceConfigError(
        `${folder}: no commit in the source for ${unlisted.sort().join(', ')} (add each page's commit under gatePages.commits)`,
      );
    const absent = Object.keys(gp.commits).filter((f) => !files.includes(f));
    if (absent.length > 0)
      throw new SourceConfigError(`${folder}: the source names ${absent.sort().join(', ')}, not there`);
    for (const f of files) {
      const commit = gp.commits[f];
      const page = readGatePage(readFileSync(join(folder, f), 'utf8'), join(gp.dir, f), {
        source: `${gp.repository}/blob/${commit}/${gp.path}/${f}`,
        commit,
      });
      if (`${page.name}.md` !== f) throw new SourceConfigError(`${join(gp.dir, f)}: the page is about ${page.name}`);
      out.gatePages.push(page);
    }
    out.gatePages.sort(byName);
  }
  return out;
}

/** JSON with one gate per line: a changed row or page reads as a one-line diff. */
export function formatGateReference(index: GateReferenceFile): string {
  return jsonLinesObject([
    ['generatedBy', index.generatedBy],
    ['featureList', index.featureList],
    ['featureListGates', index.featureListGates, 'list'],
    ['gatePages', index.gatePages, 'list'],
  ]);
}

export function writeGateReference(index: GateReferenceFile, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, GATE_REFERENCE_FILE);
  writeFileSync(file, formatGateReference(index));
  return file;
}
