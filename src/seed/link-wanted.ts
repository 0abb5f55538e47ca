// npm run seed:link: turns "# wanted: <ref>" comments above change records into subjects once a record
// for <ref> exists. Curators leave such comments when a note mentions something the seed does not hold
// yet; this keeps the links from being forgotten when the entity arrives.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSeed } from './load';
import { subjectKey, type SubjectType } from './subjects';

interface LinkReport {
  linked: number;
  remaining: number;
}

function linkWanted(seedDir: string): LinkReport {
  const b = loadSeed(seedDir);
  const known = new Set<string>([
    ...b.featureGates.map((x) => `gate:${subjectKey('gate', x.record)}`),
    ...b.flags.map((x) => `flag:${subjectKey('flag', x.record)}`),
    ...b.apiVersions.map((x) => `api:${subjectKey('api', x.record)}`),
    ...b.apiFields.map((x) => `field:${subjectKey('field', x.record)}`),
    ...b.wellKnownKeys.map((x) => `key:${subjectKey('key', x.record)}`),
    ...b.metrics.map((x) => `metric:${subjectKey('metric' as SubjectType, x.record)}`),
  ]);
  let linked = 0;
  let remaining = 0;
  const dir = join(seedDir, 'changes');
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const path = join(dir, name);
    const lines = readFileSync(path, 'utf8').split('\n');
    const out: string[] = [];
    let pending: string[] = [];
    let i = 0;
    while (i < lines.length) {
      const line = lines[i];
      const wanted = /^  # wanted: (\S.*)$/.exec(line);
      if (wanted) {
        const ref = wanted[1].trim();
        if (known.has(ref)) {
          pending.push(ref);
          linked++;
        } else {
          out.push(line);
          remaining++;
        }
        i++;
        continue;
      }
      if (/^  - /.test(line) && pending.length > 0) {
        // Copy the record, then add the pending refs to its subjects list.
        const record: string[] = [line];
        i++;
        while (i < lines.length && !/^  (- |#)/.test(lines[i]) && !/^\S/.test(lines[i])) record.push(lines[i++]);
        out.push(...withSubjects(record, pending));
        pending = [];
        continue;
      }
      out.push(line);
      i++;
    }
    writeFileSync(path, out.join('\n'));
  }
  return { linked, remaining };
}

function withSubjects(record: string[], refs: string[]): string[] {
  const start = record.findIndex((l) => /^ {4}subjects:\s*$/.test(l));
  const existing = new Set<string>();
  if (start >= 0) {
    let end = start + 1;
    while (end < record.length && /^ {6}- /.test(record[end]))
      existing.add(record[end++].replace(/^ {6}- /, '').trim());
    const add = refs.filter((r) => !existing.has(r)).map((r) => `      - ${r}`);
    return [...record.slice(0, end), ...add, ...record.slice(end)];
  }
  const at = record.findIndex((l) => /^ {4}(repeats|sources):/.test(l));
  const block = ['    subjects:', ...refs.map((r) => `      - ${r}`)];
  return at < 0 ? [...record, ...block] : [...record.slice(0, at), ...block, ...record.slice(at)];
}

if (require.main === module) {
  const { seedDir } = require('../config') as typeof import('../config');
  const r = linkWanted(seedDir());
  process.stdout.write(`linked ${r.linked} wanted subjects; ${r.remaining} still have no record\n`);
}
