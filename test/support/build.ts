// The CLI tests run the compiled CLI (dist/), as users do: rebuild it once per test run when a source
// file is newer than the build (npm install builds it; this catches edits made since).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'generated') newest = Math.max(newest, newestSource(p));
    } else if (/\.(ts|tsx|css|html)$/.test(e.name)) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export function builtCli(): string {
  return join(projectRoot(), 'dist', 'src', 'cli', 'netkb.js');
}

export function ensureBuilt(): void {
  const root = projectRoot();
  const built = builtCli();
  const stale = !existsSync(built) || newestSource(join(root, 'src')) > statSync(built).mtimeMs;
  if (stale)
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
      { cwd: root, stdio: 'inherit' },
    );
  // The dashboard the HTTP and browser tests serve: rebuilt when web/ (or the src/ code it bundles) changed.
  const page = join(root, 'dist', 'web', 'index.html');
  const webStale =
    !existsSync(page) ||
    Math.max(newestSource(join(root, 'web')), newestSource(join(root, 'src'))) > statSync(page).mtimeMs;
  if (webStale)
    execFileSync(process.execPath, [join(root, 'scripts', 'build-web.js')], { cwd: root, stdio: 'inherit' });
}
