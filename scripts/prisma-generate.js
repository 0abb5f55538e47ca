// npm's postinstall: generates one Prisma client per provider from its schema: src/generated/prisma
// (SQLite, from prisma/schema.prisma) and src/generated/prisma-postgresql (from
// prisma/postgresql/schema.prisma, which scripts/prisma-schemas.js derives from the same model).
// Prisma's CLI wants a native schema-engine binary it cannot download here; generate never runs it,
// so we point PRISMA_SCHEMA_ENGINE_BINARY at a stand-in that explains itself if it ever is run.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');
const { PROVIDERS, paths } = require('./prisma-schemas');

const root = join(__dirname, '..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: join(root, 'scripts', 'schema-engine-offline.sh'),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
for (const provider of PROVIDERS) {
  execFileSync(
    process.execPath,
    [require.resolve('prisma/build/index.js'), 'generate', '--schema', paths[provider].schema],
    { cwd: root, env, stdio: 'inherit' },
  );
}
