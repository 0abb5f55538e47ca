// `npm start` compiles only when a source is newer than the build (scripts/build-if-stale.js): checked on a
// scratch project whose `npm run build` counts its runs, so the test needs no real build.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-prestart-'));
  const build =
    "const fs=require('fs');fs.mkdirSync('dist/src',{recursive:true});fs.mkdirSync('dist/web',{recursive:true});" +
    "fs.writeFileSync('dist/src/main.js','');fs.writeFileSync('dist/web/index.html','');fs.appendFileSync('builds','x')";
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'scratch', scripts: { build: `node -e "${build}"` } }),
  );
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'web'));
  writeFileSync(join(dir, 'src', 'main.ts'), '');
  writeFileSync(join(dir, 'web', 'app.ts'), '');
  const past = new Date(Date.now() - 60_000);
  for (const f of ['package.json', 'src/main.ts', 'web/app.ts']) utimesSync(join(dir, f), past, past);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const prestart = () =>
  execFileSync(process.execPath, [join(projectRoot(), 'scripts', 'build-if-stale.js')], {
    env: { ...process.env, NETKB_BUILD_ROOT: dir },
  });
const builds = () => readFileSync(join(dir, 'builds'), 'utf8').length;
const touch = (file: string) => {
  const future = new Date(Date.now() + 60_000);
  utimesSync(join(dir, file), future, future);
};

it('builds when there is no build, and not again while the build is current', () => {
  prestart();
  expect(builds()).toBe(1);
  prestart();
  expect(builds()).toBe(1);
});

it('builds again when a server source, a dashboard source or the build settings changed', () => {
  prestart();
  for (const [i, file] of ['src/main.ts', 'web/app.ts', 'package.json'].entries()) {
    touch(file);
    prestart();
    expect(builds()).toBe(i + 2);
    // The build is now newer than the touched file only if the build wrote after it: move the file back.
    utimesSync(join(dir, file), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  }
});
