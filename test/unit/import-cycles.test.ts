// No two files of the server, the CLI or the dashboard import each other, directly or around a loop: a loop
// (types included) means neither can be read, tested or moved without the other (issue #27). Imports are read
// from the sources: static imports, re-exports and import() of relative paths.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { projectRoot } from '../../src/config';

const ROOTS = ['src', 'web/src', 'bench'];
const SKIP = new Set(['generated', 'node_modules']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP.has(name) ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The import graph: file -> the files it imports. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = ROOTS.flatMap((r) => sources(join(root, r)));
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(pattern)]
      .map((m) => resolveImport(file, m[1]))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan). */
function loops(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

it('no files of src/, web/src/ or bench/ import each other around a loop', () => {
  const root = projectRoot();
  const graph = importGraph(root);
  expect(graph.size).toBeGreaterThan(300);
  expect(loops(graph).map((c) => c.map((f) => relative(root, f)))).toEqual([]);
});

it('finds a loop when there is one (the check itself works)', () => {
  const a = '/x/a.ts',
    b = '/x/b.ts',
    c = '/x/c.ts';
  expect(
    loops(
      new Map([
        [a, [b]],
        [b, [c]],
        [c, [a]],
      ]),
    ),
  ).toEqual([[a, b, c]]);
  expect(
    loops(
      new Map([
        [a, [b]],
        [b, []],
        [c, [a]],
      ]),
    ),
  ).toEqual([]);
});
