// Runs Prisma's schema engine, compiled to WebAssembly, against an SQLite file through the
// better-sqlite3 driver adapter. Prisma's native engine cannot be downloaded on these machines.
// This is an ES module that imports a .wasm file, which neither `require` nor Jest accept, so it runs
// in its own process: node --experimental-wasm-modules --no-warnings src/db/migrate-engine.mjs CMD ...
//
//   apply FILE        apply every pending migration in prisma/migrations to FILE; prints JSON
//   status FILE       prints JSON: migrations applied in FILE, pending ones, and drift from the schema
//   plan              prints the SQL that would bring the migrations up to prisma/schema.prisma
//   create NAME       writes that SQL as prisma/migrations/NNNN_NAME/migration.sql (nothing if no change)
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SchemaEngine } from '@prisma/schema-engine-wasm';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const schemaPath = join(root, 'prisma', 'schema.prisma');
const migrationsDir = join(root, 'prisma', 'migrations');
const noFilters = { externalTables: [], externalEnums: [] };

function readMigrations() {
  const lockPath = join(migrationsDir, 'migration_lock.toml');
  const dirs = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: readFileSync(join(migrationsDir, name, 'migration.sql'), 'utf8') } },
    })),
  };
}

async function engineFor(file) {
  const schemaText = readFileSync(schemaPath, 'utf8');
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaBetterSqlite3({ url: `file:${file}` }));
  const engine = await SchemaEngine.new({ datamodels: [['schema.prisma', schemaText]] }, () => {}, adapter);
  return { engine, schemaText };
}

async function withScratchDb(fn) {
  const dir = mkdtempSync(join(tmpdir(), 'netkb-migrate-'));
  try { return await fn(join(dir, 'scratch.db')); } finally { rmSync(dir, { recursive: true, force: true }); }
}

// SQL that turns the schema produced by the migrations into the schema in prisma/schema.prisma.
async function plan() {
  return withScratchDb(async (scratch) => {
    const { engine, schemaText } = await engineFor(scratch);
    await engine.applyMigrations({ migrationsList: readMigrations(), filters: noFilters });
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', files: [{ path: 'schema.prisma', content: schemaText }], configDir: root },
      to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: schemaText }] },
      script: true, exitCode: true, filters: noFilters,
    });
    return result.exitCode === 2 ? result.stdout : '';
  });
}

async function status(file) {
  const { engine, schemaText } = await engineFor(file);
  const list = readMigrations();
  const diagnosis = await engine.diagnoseMigrationHistory({ migrationsList: list, optInToShadowDatabase: false, filters: noFilters });
  const drift = await engine.diff({
    from: { tag: 'schemaDatasource', files: [{ path: 'schema.prisma', content: schemaText }], configDir: root },
    to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: schemaText }] },
    script: true, exitCode: true, filters: noFilters,
  });
  return {
    migrations: list.migrationDirectories.map((d) => d.path),
    history: diagnosis.history,
    failedMigrationNames: diagnosis.failedMigrationNames,
    editedMigrationNames: diagnosis.editedMigrationNames,
    driftFromSchema: drift.exitCode === 2 ? drift.stdout : '',
  };
}

async function main() {
  const [cmd, arg] = process.argv.slice(2);
  if (cmd === 'apply' && arg) {
    const { engine } = await engineFor(resolve(arg));
    const out = await engine.applyMigrations({ migrationsList: readMigrations(), filters: noFilters });
    process.stdout.write(JSON.stringify(out) + '\n');
  } else if (cmd === 'status' && arg) {
    process.stdout.write(JSON.stringify(await status(resolve(arg))) + '\n');
  } else if (cmd === 'plan') {
    process.stdout.write(await plan());
  } else if (cmd === 'create' && arg && /^[a-z0-9_]+$/.test(arg)) {
    const sql = await plan();
    if (!sql.trim()) { process.stdout.write('The migrations already match prisma/schema.prisma: nothing to create.\n'); return; }
    const next = String(readMigrations().migrationDirectories.length + 1).padStart(4, '0');
    const dir = join(migrationsDir, `${next}_${arg}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'migration.sql'), `-- netkb migration ${next}_${arg}\n` + sql);
    if (!existsSync(join(migrationsDir, 'migration_lock.toml'))) {
      writeFileSync(join(migrationsDir, 'migration_lock.toml'),
        '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "sqlite"\n');
    }
    process.stdout.write(`Wrote ${join('prisma', 'migrations', `${next}_${arg}`, 'migration.sql')}\n`);
  } else {
    process.stderr.write('usage: migrate-engine.mjs apply FILE | status FILE | plan | create NAME (lowercase, digits, _)\n');
    process.exit(2);
  }
}

main().catch((err) => {
  process.stderr.write(`netkb migrate: ${err && err.message ? err.message : String(err)}\n`);
  process.exit(1);
});
