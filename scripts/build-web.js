#!/usr/bin/env node
// Builds the dashboard (web/src/main.ts) and the GraphQL explorer (web/explorer/main.tsx) into dist/web
// with esbuild: everything bundled from node_modules, nothing loaded from elsewhere at run time. Scripts
// and styles get content hashes in their names (cached for a year); the two pages reference them.
const { build } = require('esbuild');
const { mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { basename, join } = require('node:path');

const root = join(__dirname, '..');
const out = join(root, 'dist', 'web');

async function main() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await build({
    entryPoints: { app: join(root, 'web/src/main.ts'), explorer: join(root, 'web/explorer/main.tsx') },
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'esm',
    splitting: false,
    platform: 'browser',
    // Required lazily by the manifest reader to decode Helm releases, which only the server and CLI do.
    external: ['node:zlib'],
    target: ['chrome109', 'firefox115', 'safari16'],
    outdir: out,
    entryNames: '[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.svg': 'file', '.png': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'linked',
  });
  const outputs = Object.entries(result.metafile.outputs);
  const scriptOf = (entry) =>
    outputs.find(([file, o]) => o.entryPoint && o.entryPoint.endsWith(entry) && file.endsWith('.js'));
  for (const [page, entry] of [
    ['index.html', 'web/src/main.ts'],
    ['explorer.html', 'web/explorer/main.tsx'],
  ]) {
    const template = readFileSync(join(root, 'web', page.replace('.html', '.template.html')), 'utf8');
    const found = scriptOf(entry);
    if (!found) throw new Error(`esbuild produced no script for ${entry}`);
    const js = basename(found[0]);
    const css = found[1].cssBundle ? basename(found[1].cssBundle) : null;
    const html = template
      .replace('<!-- styles -->', css ? `<link rel="stylesheet" href="/${css}">` : '')
      .replace('<!-- script -->', `<script type="module" src="/${js}"></script>`);
    writeFileSync(join(out, page), html);
  }
  const size = outputs.reduce((n, [, o]) => n + o.bytes, 0);
  process.stdout.write(`dist/web: dashboard and explorer built (${Math.round(size / 1024)} KiB)\n`);
}

main().catch((err) => {
  process.stderr.write(`build-web: ${err && err.message ? err.message : err}\n`);
  process.exit(1);
});
