// A file exports only what another file uses (issue #27): an export no other file of the project names is
// either dead or meant to be private, and both hide what a module really offers. A name counts as used when
// another source, test, bench or script file mentions it (generated code and fixtures are not read).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from '../../src/config';

const READ = ['src', 'web/src', 'bench', 'test', 'scripts', 'codegen.ts'];
const CHECKED = ['src/', 'web/src/'];
const SKIP = new Set(['generated', 'node_modules', 'fixtures']);

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) =>
    SKIP.has(name) ? [] : statSync(join(path, name)).isDirectory() ? files(join(path, name)) : [join(path, name)],
  );
}

it('every export of src/ and web/src/ is named by another file', () => {
  const root = projectRoot();
  const texts = new Map(
    READ.flatMap((r) => files(join(root, r)))
      .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f))
      .map((f) => [relative(root, f), readFileSync(f, 'utf8')] as const),
  );
  const declared =
    /^export (?:async )?(?:function\*?|const|let|class|interface|type|enum|abstract class)\s+([A-Za-z_$][\w$]*)/gm;
  const unused: string[] = [];
  for (const [file, text] of texts) {
    if (!CHECKED.some((c) => file.startsWith(c))) continue;
    for (const m of text.matchAll(declared)) {
      const name = new RegExp(`\\b${m[1].replace(/\$/g, '\\$')}\\b`);
      if (![...texts].some(([other, t]) => other !== file && name.test(t))) unused.push(`${file}: ${m[1]}`);
    }
  }
  expect(texts.size).toBeGreaterThan(400);
  expect(unused).toEqual([]);
});
