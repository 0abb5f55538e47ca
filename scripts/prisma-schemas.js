// The data model has one source, prisma/schema.prisma (SQLite, the default). The PostgreSQL schema,
// prisma/postgresql/schema.prisma, is derived from it: same models, another provider and client output.
// npm run db:migration writes it together with the PostgreSQL migration that reaches it, so the
// committed file is always the model the PostgreSQL migrations produce.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const PROVIDERS = ['sqlite', 'postgresql'];

const paths = {
  sqlite: { schema: join(root, 'prisma', 'schema.prisma'), migrations: join(root, 'prisma', 'migrations') },
  postgresql: {
    schema: join(root, 'prisma', 'postgresql', 'schema.prisma'),
    migrations: join(root, 'prisma', 'postgresql', 'migrations'),
  },
};

const HEADER =
  '// GENERATED from prisma/schema.prisma by `npm run db:migration`: do not edit. Change prisma/schema.prisma,\n' +
  '// then run `npm run db:migration -- <name>`, which writes a migration for each provider and this file.\n';

function replaceOnce(text, from, to, what) {
  const count = text.split(from).length - 1;
  if (count !== 1)
    throw new Error(`prisma/schema.prisma: expected exactly one ${what} (${from.trim()}), found ${count}`);
  return text.replace(from, to);
}

/** The PostgreSQL schema for a given text of prisma/schema.prisma. */
function postgresqlSchemaFrom(sqliteText) {
  let text = replaceOnce(sqliteText, 'provider = "sqlite"', 'provider = "postgresql"', 'datasource provider');
  text = replaceOnce(
    text,
    'output              = "../src/generated/prisma"',
    'output              = "../../src/generated/prisma-postgresql"',
    'client output',
  );
  return HEADER + text;
}

/** The schema text each provider's client and migrations are made from, as the model stands now. */
function currentSchemaText(provider) {
  const sqlite = readFileSync(paths.sqlite.schema, 'utf8');
  if (provider === 'sqlite') return sqlite;
  if (provider === 'postgresql') return postgresqlSchemaFrom(sqlite);
  throw new Error(`unknown provider ${provider}`);
}

module.exports = { PROVIDERS, paths, postgresqlSchemaFrom, currentSchemaText };
