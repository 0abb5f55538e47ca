// Every environment variable netkb reads is read and checked in src/config.ts: a bad value is a ConfigError
// naming the variable and what it accepts, and no other file of src/ reads the environment. The server's
// settings are read at once (serverSettings); the command line's where a verb needs them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  childReadLocation,
  ConfigError,
  docsUrl,
  maxFileBytes,
  progressAllowed,
  projectRoot,
  serverSettings,
} from '../../src/config';

const root = projectRoot();

/** What `read(env)` throws, as a ConfigError's message (fails the test when it throws nothing or something else). */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('no ConfigError');
}

describe('serverSettings', () => {
  it('reads the defaults from an empty environment', () => {
    expect(serverSettings({})).toMatchObject({
      database: join(root, 'data', 'netkb.db'),
      port: 4000,
      host: '0.0.0.0',
      seedDir: join(root, 'seed'),
      snapshotDir: join(root, 'data'),
      maxManifestBytes: 5 * 1024 * 1024,
      adminToken: null,
      analysisWorkers: 2,
      analysisTimeoutMs: 10_000,
      analysisIdleMs: 60_000,
      reloadIntervalMs: 5000,
      publicUrl: null,
      corsOrigins: [],
      logLevel: 'info',
      mode: { production: false, development: false, introspection: true },
    });
  });

  it('takes netkb serve --port and --host in place of PORT and HOST, which are then not read', () => {
    const s = serverSettings({ PORT: 'not-a-port', HOST: 'not a host' }, { port: '0', host: '127.0.0.1' });
    expect([s.port, s.host]).toEqual([0, '127.0.0.1']);
  });

  it('reads good values', () => {
    const s = serverSettings({
      PORT: '8080',
      HOST: '::',
      NETKB_LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      NETKB_INTROSPECTION: 'true',
    });
    expect([s.port, s.host, s.logLevel, s.mode]).toEqual([
      8080,
      '::',
      'warn',
      { production: true, development: false, introspection: true },
    ]);
    expect(serverSettings({ NODE_ENV: 'production', NETKB_INTROSPECTION: 'false' }).mode.introspection).toBe(false);
    expect(serverSettings({ NODE_ENV: 'development' }).mode).toEqual({
      production: false,
      development: true,
      introspection: true,
    });
    expect(serverSettings({ HOST: 'netkb.example.com' }).host).toBe('netkb.example.com');
  });

  // One bad value per row: the message names the variable (or the option) and what it accepts.
  it.each([
    [
      'NETKB_LOG_LEVEL',
      'loud',
      'NETKB_LOG_LEVEL "loud" is not a log level: use one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      'NETKB_LOG_LEVEL',
      'INFO',
      'NETKB_LOG_LEVEL "INFO" is not a log level: use one of fatal, error, warn, info, debug, trace, silent',
    ],
    ['PORT', '80a', 'PORT must be a whole number from 0 to 65535 (got "80a")'],
    ['PORT', '65536', 'PORT must be a whole number from 0 to 65535 (got "65536")'],
    ['PORT', '-1', 'PORT must be a whole number from 0 to 65535 (got "-1")'],
    [
      'HOST',
      'local host',
      'HOST must be an IP address or a host name, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost (got "local host")',
    ],
    [
      'HOST',
      'http://0.0.0.0',
      'HOST must be an IP address or a host name, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost (got "http://0.0.0.0")',
    ],
    ['DATABASE_URL', 'mysql://db/netkb', /^DATABASE_URL "mysql:\/\/db\/netkb" is not supported/],
    ['DATABASE_URL', 'postgresql://host-only', /^DATABASE_URL must name a host and a database/],
    ['DATABASE_URL', 'file:', 'DATABASE_URL "file:" names no file'],
    [
      'NETKB_SEED_DIR',
      '/nonexistent/seed',
      'NETKB_SEED_DIR "/nonexistent/seed" must name an existing folder (/nonexistent/seed is not one)',
    ],
    [
      'NETKB_SNAPSHOT_DIR',
      'package.json',
      /^NETKB_SNAPSHOT_DIR "package.json" must name a folder \(.*package\.json is not one\)$/,
    ],
    ['NETKB_MAX_MANIFEST_BYTES', '5MB', 'NETKB_MAX_MANIFEST_BYTES "5MB" must be a positive whole number of bytes'],
    ['NETKB_MAX_MANIFEST_BYTES', '0', 'NETKB_MAX_MANIFEST_BYTES "0" must be a positive whole number of bytes'],
    ['NETKB_ADMIN_TOKEN', 'short', 'NETKB_ADMIN_TOKEN must be at least 16 characters long'],
    ['NETKB_ANALYSIS_WORKERS', 'many', 'NETKB_ANALYSIS_WORKERS "many" must be a positive whole number'],
    ['NETKB_ANALYSIS_WORKERS', '0', 'NETKB_ANALYSIS_WORKERS "0" must be a positive whole number'],
    ['NETKB_ANALYSIS_IDLE_MS', '1.5', 'NETKB_ANALYSIS_IDLE_MS "1.5" must be a positive whole number'],
    ['NETKB_ANALYSIS_TIMEOUT_MS', '10s', 'NETKB_ANALYSIS_TIMEOUT_MS "10s" must be a positive whole number'],
    [
      'NETKB_RELOAD_INTERVAL_MS',
      '-5',
      'NETKB_RELOAD_INTERVAL_MS "-5" must be a whole number of milliseconds (0: never)',
    ],
    [
      'NETKB_PUBLIC_URL',
      'netkb.example.com',
      'NETKB_PUBLIC_URL "netkb.example.com" must be an absolute URL, e.g. https://netkb.example.com/',
    ],
    [
      'NETKB_CORS_ORIGINS',
      '*',
      'NETKB_CORS_ORIGINS: "*" is not accepted; list each origin, e.g. https://dash.example.com',
    ],
    ['NODE_ENV', 'prod', 'NODE_ENV "prod" is not one of production, development, test (or unset)'],
    ['NETKB_INTROSPECTION', 'yes', 'NETKB_INTROSPECTION "yes" must be true or false (or unset)'],
  ] as [string, string, string | RegExp][])('refuses %s=%s, naming it', (name, value, message) => {
    const got = refusal(() => serverSettings({ [name]: value }));
    if (typeof message === 'string') expect(got).toBe(message);
    else expect(got).toMatch(message);
  });

  it.each([
    ['port', '99999', '--port must be a whole number from 0 to 65535 (got "99999")'],
    [
      'host',
      'a b',
      '--host must be an IP address or a host name, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost (got "a b")',
    ],
  ])('refuses netkb serve --%s %s, naming the option', (option, value, message) => {
    expect(refusal(() => serverSettings({}, { [option]: value }))).toBe(message);
  });
});

describe('the command line settings', () => {
  it.each([
    [
      'NETKB_MAX_FILE_BYTES',
      '64M',
      () => maxFileBytes({ NETKB_MAX_FILE_BYTES: '64M' }),
      'NETKB_MAX_FILE_BYTES "64M" must be a positive whole number of bytes',
    ],
    [
      'NETKB_DOCS_URL',
      'ftp://x/',
      () => docsUrl({ NETKB_DOCS_URL: 'ftp://x/' }),
      'NETKB_DOCS_URL "ftp://x/" must start with https://, http:// or file://',
    ],
    [
      'NETKB_PROGRESS',
      'off',
      () => progressAllowed({ NETKB_PROGRESS: 'off' }),
      'NETKB_PROGRESS "off" must be 0 or 1 (or unset)',
    ],
    [
      'NETKB_READ_LOCATION',
      '',
      () => childReadLocation({}),
      'NETKB_READ_LOCATION is not set: this process is started by the server only',
    ],
  ] as [string, string, () => unknown, string][])('refuses %s=%s, naming it', (_name, _value, read, message) => {
    expect(refusal(read)).toBe(message);
  });

  it('draws progress unless NETKB_PROGRESS=0 or TERM=dumb', () => {
    expect([progressAllowed({}), progressAllowed({ NETKB_PROGRESS: '1' })]).toEqual([true, true]);
    expect([progressAllowed({ NETKB_PROGRESS: '0' }), progressAllowed({ TERM: 'dumb' })]).toEqual([false, false]);
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(p);
    return /\.(ts|mts|cts)$/.test(e.name) ? [p] : [];
  });
}

describe('one place', () => {
  const config = readFileSync(join(root, 'src', 'config.ts'), 'utf8');

  it('no file of src/ but config.ts reads or writes an environment variable', () => {
    const readers = sources(join(root, 'src'))
      .filter((f) => !f.endsWith(join('src', 'config.ts')))
      .filter((f) => /process\.env\s*(\.|\[)|\benv\.[A-Z_]+|\benv\[/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(readers).toEqual([]);
  });

  it('docs/configuration.md names every variable config.ts reads', () => {
    const names = new Set(
      [...config.matchAll(/env\.([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9_]+)'/g)]
        .map((m) => m[1] ?? m[2])
        .filter((n) => /^(NETKB_|PORT$|HOST$|DATABASE_URL$|NODE_ENV$|TERM$)/.test(n)),
    );
    expect(names.size).toBeGreaterThan(15);
    const doc = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');
    expect([...names].filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});
