// npm's postinstall: generates the Prisma client (src/generated/prisma) from prisma/schema.prisma.
// Prisma's CLI wants a native schema-engine binary it cannot download here; generate never runs it,
// so we point PRISMA_SCHEMA_ENGINE_BINARY at a stand-in that explains itself if it ever is run.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: join(root, 'scripts', 'schema-engine-offline.sh'), PRISMA_HIDE_UPDATE_MESSAGE: '1' };
execFileSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate', '--schema', join(root, 'prisma', 'schema.prisma')],
  { cwd: root, env, stdio: 'inherit' });
