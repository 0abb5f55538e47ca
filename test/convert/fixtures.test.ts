// Conversion fixtures: test/fixtures/convert/<name>/{before,after}.yaml. before.yaml says in its leading
// comments the range and every finding that must stay unconverted (or "nothing"):
//   # from: 1.19
//   # to: 1.22
//   # unconverted: <ruleId> <messageId> line=<n>
//   # diff: -<lines removed> +<lines added>
//   # change-note: <text one of the changes must say>   (optional)
//   # unconverted-note: <text one of the unconverted findings must say>   (optional)
// Each pair is checked byte for byte, for idempotence, against upgradeReport over the same path, and for
// the size of its line diff: a conversion changes only the lines its edits need (docs/conversions.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, isSeq, parseAllDocuments } from 'yaml';
import { projectRoot } from '../../src/config';
import { transformNames } from '../../src/convert/transforms';
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { convertManifest } from '../../src/services/convert-manifest';
import { upgradeReport } from '../../src/services/upgrade-report';
import { lineDiff } from './line-diff';
import { testKnowledgeBase } from '../support/knowledge-base';

const ROOT = join(projectRoot(), 'test', 'fixtures', 'convert');
const read = (name: string, file: string) => readFileSync(join(ROOT, name, file), 'utf8');
const header = (text: string, key: string) =>
  [...text.matchAll(new RegExp(`^# ${key}: (.+)$`, 'gm'))].map((m) => m[1].trim());
const CASES = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

describe.each(CASES)('fixture %s', (name) => {
  const before = read(name, 'before.yaml');
  const after = read(name, 'after.yaml');
  const [from] = header(before, 'from');
  const [to] = header(before, 'to');
  const expected = header(before, 'unconverted');

  it('says its range and what stays unconverted', () => {
    expect(from).toMatch(/^\d+\.\d+$/);
    expect(to).toMatch(/^\d+\.\d+$/);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('converts before.yaml into after.yaml, byte for byte', () => {
    const result = convertManifest(kb, from, to, before);
    expect(result.manifest).toBe(after);
    if (!expected.includes('nothing')) expect(result.manifest === before || result.changes.length > 0).toBe(true);
  });

  it('says in its changes what the header notes', () => {
    const said = convertManifest(kb, from, to, before)
      .changes.map((c) => c.description)
      .join('\n');
    for (const note of header(before, 'change-note')) expect(said).toContain(note);
  });

  it('lists exactly the findings it could not convert, each with its reason and input line', () => {
    const result = convertManifest(kb, from, to, before);
    const got = result.unconverted.map((f) => `${f.ruleId} ${f.messageId} line=${f.line}`);
    expect(got).toEqual(expected.filter((e) => e !== 'nothing'));
    for (const f of result.unconverted) expect(f.message).toMatch(/ Not converted: \S.+\.$/);
    const reasons = result.unconverted.map((f) => f.message).join('\n');
    for (const note of header(before, 'unconverted-note')) expect(reasons).toContain(note);
  });

  it('changes only the lines its edits need, and the result reads back', () => {
    const [size] = header(before, 'diff');
    expect(size).toMatch(/^-\d+ \+\d+$/);
    const { removed, added } = lineDiff(before, after);
    expect(`-${removed} +${added}`).toBe(size);
    // Every line outside the diff is the input's own line, line ends included.
    expect(before.includes('\r\n')).toBe(after.includes('\r\n'));
    if (before.includes('\r\n')) expect(after.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const docs = parseAllDocuments(after);
    expect(docs.flatMap((d) => d.errors)).toEqual([]);
    expect(docs.length).toBe(parseAllDocuments(before).length);
  });

  it('changes nothing the second time', () => {
    const again = convertManifest(kb, from, to, after);
    expect(again.changes).toEqual([]);
    expect(again.manifest).toBe(after);
  });

  it('leaves no BREAKING finding on the path except those it listed as unconverted', () => {
    const left = upgradeReport(kb, { from, to, manifest: after }).findings.filter((f) => f.severity === 'BREAKING');
    const listed = convertManifest(kb, from, to, before).unconverted.filter((f) => f.severity === 'BREAKING');
    expect(left.map((f) => `${f.ruleId} ${f.messageId} ${f.message}`).sort()).toEqual(
      listed.map((f) => `${f.ruleId} ${f.messageId} ${f.message.replace(/ Not converted: .*$/, '')}`).sort(),
    );
  });

  it('points every change at a line of the input inside the object it changed', () => {
    const lines = before.split('\n').length;
    for (const c of convertManifest(kb, from, to, before).changes) {
      expect(c.line).toBeGreaterThanOrEqual(c.resource.line - 1);
      expect(c.line).toBeLessThanOrEqual(lines);
      expect(c.description.length).toBeGreaterThan(10);
    }
  });
});

describe('every conversion the knowledge base records has a fixture', () => {
  const objects = CASES.flatMap((name) =>
    parseAllDocuments(read(name, 'before.yaml')).flatMap((doc) => {
      const root = doc.contents;
      if (!isMap(root)) return [];
      const items = root.get('items', true);
      const all = isSeq(items) ? items.items : [root];
      return all.filter(isMap).map((o) => `${String(o.get('apiVersion'))} ${String(o.get('kind'))}`);
    }),
  );
  const texts = CASES.map((name) => read(name, 'before.yaml')).join('\n');

  it('api-versions records with a conversion', () => {
    const converting = kb.apiVersions.filter((a) => a.conversion).map((a) => a.key);
    expect(converting.length).toBeGreaterThanOrEqual(21);
    expect(converting.filter((k) => !objects.includes(k))).toEqual([]);
  });

  it('api-fields records with a conversion', () => {
    const converting = kb.apiFields.filter((f) => f.conversion);
    expect(converting.map((f) => f.key)).toContain('Service spec.ipFamily');
    for (const f of converting)
      expect(`${f.key}: ${texts.includes(`${f.path.split('.').pop()}:`)}`).toBe(`${f.key}: true`);
  });

  it('flags with conversion rules, each rule', () => {
    const flags = kb.flags.filter((f) => f.conversion.length > 0);
    expect(flags.map((f) => f.name)).toEqual(expect.arrayContaining(['--conntrack-max', '--cleanup-iptables']));
    for (const f of flags) {
      for (const rule of f.conversion) {
        const used =
          rule.value === null
            ? new RegExp(`${f.name}(=(?!${['false', '0'].join('|')})|["\\s])`).test(texts)
            : texts.includes(`${f.name}=${rule.value}`) || texts.includes(`"${f.name}", "${rule.value}"`);
        expect(`${f.name} ${rule.value ?? '*'} ${used}`).toBe(`${f.name} ${rule.value ?? '*'} true`);
      }
    }
  });

  it('transforms written in code, each named by a record', () => {
    const named = new Set(
      kb.apiVersions.flatMap((a) =>
        (a.conversion?.steps ?? []).flatMap((s) => ('transform' in s ? [s.transform] : [])),
      ),
    );
    expect(transformNames().filter((t) => !named.has(t))).toEqual([]);
  });

  it('a scalar check of the fixtures themselves: every before.yaml parses', () => {
    for (const name of CASES)
      for (const doc of parseAllDocuments(read(name, 'before.yaml'))) expect(doc.errors).toEqual([]);
    expect(isScalar(parseAllDocuments('a: 1')[0].get('a', true))).toBe(true);
  });
});
