// `npm start`'s prestart: compiles the server and the dashboard only when a source is newer than the build
// (npm install builds both; a full build takes seconds, the server itself starts in well under one). Sources:
// src/, web/ and the files that steer the build (package.json, the tsconfigs, scripts/build-web.js).
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

// NETKB_BUILD_ROOT: another project folder (the test of this script builds a scratch one).
const root = process.env.NETKB_BUILD_ROOT || join(__dirname, '..');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let n = 0;
  for (const entry of readdirSync(path)) if (entry !== 'node_modules') n = Math.max(n, newest(join(path, entry)));
  return n;
}

const built = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0);
const steering = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build-web.js'];
const sources = Math.max(newest(join(root, 'src')), ...steering.map((f) => newest(join(root, f))));
const server = built('dist/src/main.js');
const dashboard = built('dist/web/index.html');

if (server < sources || dashboard < Math.max(sources, newest(join(root, 'web')))) {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
}
