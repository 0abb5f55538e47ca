// Configuration comes only from environment variables, read and checked here and nowhere else: every
// function below takes the environment (process.env by default), and a bad value is a ConfigError naming the
// variable and what it accepts. The server reads all of its settings at once (serverSettings) before any work.
import { existsSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The folder holding package.json, whether we run from src/ (ts-jest, tsx) or from dist/src/. */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('netkb: cannot find the project root (no package.json above ' + __dirname + ')');
    dir = parent;
  }
  return dir;
}

export class ConfigError extends Error {}

/** Where the seed YAML lives (NETKB_SEED_DIR, default seed/ in the project); when set, an existing folder. */
export function seedDir(env: NodeJS.ProcessEnv = process.env): string {
  return folderSetting(env, 'NETKB_SEED_DIR', { mustExist: true }) ?? join(projectRoot(), 'seed');
}

/**
 * Where the snapshot files of PostgreSQL databases go (NETKB_SNAPSHOT_DIR, default data/ in the project): a
 * folder, created when missing; a path that names a file is refused.
 */
export function snapshotDir(env: NodeJS.ProcessEnv = process.env): string {
  return folderSetting(env, 'NETKB_SNAPSHOT_DIR', { mustExist: false }) ?? join(projectRoot(), 'data');
}

/** A folder from `name`, resolved against the working directory; null when unset. */
function folderSetting(env: NodeJS.ProcessEnv, name: string, { mustExist }: { mustExist: boolean }): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  const dir = resolve(raw);
  const info = statSync(dir, { throwIfNoEntry: false });
  if (info ? !info.isDirectory() : mustExist)
    throw new ConfigError(
      `${name} "${raw}" must name ${mustExist ? 'an existing folder' : 'a folder'} (${dir} is not one)`,
    );
  return dir;
}

/**
 * Where the knowledge base lives (DATABASE_URL). "postgresql://user:pass@host:5432/db" (or
 * "postgres://...") selects PostgreSQL, the shared store of several replicas. Anything else selects an
 * SQLite file: "file:./path.db" (relative to the working directory, as Prisma reads it),
 * "file:/abs/path.db" or a bare path; unset means ./data/netkb.db in the project.
 * Returns the PostgreSQL URL as given, or the SQLite file's absolute path.
 */
function databaseLocation(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DATABASE_URL?.trim();
  if (!url) return join(projectRoot(), 'data', 'netkb.db');
  if (/^postgres(ql)?:\/\//i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(
        'DATABASE_URL is not a valid PostgreSQL URL: write postgresql://USER:PASSWORD@HOST:5432/DATABASE',
      );
    }
    if (!parsed.hostname || parsed.pathname.length <= 1) {
      throw new ConfigError(
        'DATABASE_URL must name a host and a database: postgresql://USER:PASSWORD@HOST:5432/DATABASE',
      );
    }
    return url;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file:')) {
    throw new ConfigError(
      `DATABASE_URL "${url}" is not supported: use file:./data/netkb.db (SQLite) or postgresql://USER:PASSWORD@HOST:5432/DATABASE`,
    );
  }
  const path = url.startsWith('file:') ? url.slice('file:'.length).replace(/^\/\/(?=\/)/, '') : url;
  if (!path) throw new ConfigError('DATABASE_URL "file:" names no file');
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

/** The database location (see databaseLocation); the name older callers use. */
export const databaseFile = databaseLocation;

/** The HTTP port (PORT, default 4000; 0 picks a free one). */
export function port(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PORT?.trim();
  return raw ? portValue(raw, 'PORT') : 4000;
}

/** A port given as `name` (PORT, or netkb serve's --port). */
function portValue(raw: string, name: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535)
    throw new ConfigError(`${name} must be a whole number from 0 to 65535 (got "${raw}")`);
  return Number(raw);
}

/** The listen address (HOST, default 0.0.0.0): an IP address or a host name. */
export function host(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.HOST?.trim();
  return raw ? hostValue(raw, 'HOST') : '0.0.0.0';
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function hostValue(raw: string, name: string): string {
  if (isIP(raw) === 0 && !HOST_NAME.test(raw))
    throw new ConfigError(
      `${name} must be an IP address or a host name, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost (got "${raw}")`,
    );
  return raw;
}

/** How the server treats errors and introspection (NODE_ENV, NETKB_INTROSPECTION). */
export interface ServerMode {
  /** NODE_ENV=production: no schema hints in error messages, introspection off unless asked for. */
  production: boolean;
  /** NODE_ENV=development: stack traces in error responses. */
  development: boolean;
  introspection: boolean;
}

const NODE_ENVS = ['production', 'development', 'test'];

/**
 * NODE_ENV (unset, production, development or test: Jest sets test) and NETKB_INTROSPECTION (unset, true or
 * false; introspection is on outside production, and in production only with true).
 */
export function serverMode(env: NodeJS.ProcessEnv = process.env): ServerMode {
  const nodeEnv = env.NODE_ENV?.trim() ?? '';
  if (nodeEnv && !NODE_ENVS.includes(nodeEnv))
    throw new ConfigError(`NODE_ENV "${nodeEnv}" is not one of ${NODE_ENVS.join(', ')} (or unset)`);
  const flag = env.NETKB_INTROSPECTION?.trim() ?? '';
  if (flag && flag !== 'true' && flag !== 'false')
    throw new ConfigError(`NETKB_INTROSPECTION "${flag}" must be true or false (or unset)`);
  const production = nodeEnv === 'production';
  return { production, development: nodeEnv === 'development', introspection: !production || flag === 'true' };
}

/** pino's levels, and silent. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The level of the server's JSON logs (NETKB_LOG_LEVEL, default info). */
export function logLevel(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.NETKB_LOG_LEVEL?.trim();
  if (!raw) return 'info';
  if (!LOG_LEVELS.includes(raw))
    throw new ConfigError(`NETKB_LOG_LEVEL "${raw}" is not a log level: use one of ${LOG_LEVELS.join(', ')}`);
  return raw;
}

/**
 * Whether the environment lets `netkb check` and `netkb cluster` draw a progress line on a terminal:
 * NETKB_PROGRESS (unset or 1: yes, 0: no) and TERM (dumb: a terminal that cannot redraw a line).
 */
export function progressAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.NETKB_PROGRESS?.trim();
  if (raw && raw !== '0' && raw !== '1') throw new ConfigError(`NETKB_PROGRESS "${raw}" must be 0 or 1 (or unset)`);
  return raw !== '0' && env.TERM !== 'dumb';
}

/**
 * How the server passes the database location to the child process that reads it (read-kb-process.ts): an
 * environment variable, not the command line, where a PostgreSQL URL's password would show in the process list.
 */
export const READ_LOCATION_VARIABLE = 'NETKB_READ_LOCATION';

/** The location the parent gave the reading child process (READ_LOCATION_VARIABLE). */
export function childReadLocation(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env[READ_LOCATION_VARIABLE]?.trim();
  if (!raw) throw new ConfigError(`${READ_LOCATION_VARIABLE} is not set: this process is started by the server only`);
  return raw;
}

/** Largest manifest upgradeReport, convertManifest and ingressToGateway accept, in bytes (NETKB_MAX_MANIFEST_BYTES, default 5 MiB). */
export function maxManifestBytes(env: NodeJS.ProcessEnv = process.env): number {
  return bytesSetting(env, 'NETKB_MAX_MANIFEST_BYTES', 5 * 1024 * 1024);
}

/** A size in bytes from `name`: `fallback` when unset, a ConfigError naming it when not a positive whole number. */
function bytesSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} "${raw}" must be a positive whole number of bytes`);
  return n;
}

/**
 * Largest local file the command line reads, in bytes (NETKB_MAX_FILE_BYTES). Unset: 256 MiB for netkb check,
 * which reads a file a piece at a time (`inPieces`: a cluster dump is tens to hundreds of megabytes, and its
 * memory does not grow with it; the few files it must read whole stay far below V8's longest string, 512 Mi
 * characters), 64 MiB for netkb convert and gateway, which hold a file whole and edit it in the `yaml`
 * document API (several times the file's size). The server keeps its own limit (NETKB_MAX_MANIFEST_BYTES).
 */
export function maxFileBytes(env: NodeJS.ProcessEnv = process.env, inPieces = false): number {
  return bytesSetting(env, 'NETKB_MAX_FILE_BYTES', (inPieces ? 256 : 64) * 1024 * 1024);
}

/**
 * NETKB_DOCS_URL: where these docs/ pages can be read (e.g. https://github.com/ORG/netkb/blob/main/docs/),
 * for the rules' help links in `netkb check --format sarif`. Unset: the file:// URL of docs/ in this
 * installation. An absolute http(s) or file URL without query or fragment; returned with a trailing slash.
 */
export function docsUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.NETKB_DOCS_URL?.trim();
  if (!raw) return `${pathToFileURL(join(projectRoot(), 'docs')).href}/`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `NETKB_DOCS_URL "${raw}" must be an absolute URL, e.g. https://github.com/ORG/netkb/blob/main/docs/`,
    );
  }
  if (!['http:', 'https:', 'file:'].includes(url.protocol))
    throw new ConfigError(`NETKB_DOCS_URL "${raw}" must start with https://, http:// or file://`);
  if (url.search || url.hash || raw.includes('?') || raw.includes('#'))
    throw new ConfigError(
      `NETKB_DOCS_URL "${raw}" must not have a query or a fragment: the links add the page and section`,
    );
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** NETKB_ADMIN_TOKEN: when set (at least 16 characters), the admin mutation exists and requires it as a bearer token. */
export function adminToken(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.NETKB_ADMIN_TOKEN?.trim();
  if (!raw) return null;
  if (raw.length < 16) throw new ConfigError('NETKB_ADMIN_TOKEN must be at least 16 characters long');
  return raw;
}

function positiveInt(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} "${raw}" must be a positive whole number`);
  return n;
}

/** Worker threads for upgradeReport (NETKB_ANALYSIS_WORKERS, default 2). */
export function analysisWorkers(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInt('NETKB_ANALYSIS_WORKERS', 2, env);
}

/** How long an analysis worker waits for work before it stops, in ms (NETKB_ANALYSIS_IDLE_MS, default 60000). */
export function analysisIdleMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInt('NETKB_ANALYSIS_IDLE_MS', 60_000, env);
}

/** Time budget of one upgradeReport in ms (NETKB_ANALYSIS_TIMEOUT_MS, default 10000). */
export function analysisTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInt('NETKB_ANALYSIS_TIMEOUT_MS', 10_000, env);
}

/**
 * How often a replica checks whether another one changed the knowledge base (seed or import), in ms
 * (NETKB_RELOAD_INTERVAL_MS, default 5000; 0 turns the check off).
 */
export function reloadIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.NETKB_RELOAD_INTERVAL_MS?.trim();
  if (!raw) return 5000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new ConfigError(`NETKB_RELOAD_INTERVAL_MS "${raw}" must be a whole number of milliseconds (0: never)`);
  return n;
}

/**
 * NETKB_PUBLIC_URL: the address people open the dashboard at (e.g. https://netkb.example.com/), for links
 * in chat messages ("…and 53 more" opens the diff there). Unset: no links. Must be an absolute http(s)
 * URL without query or fragment; returned with a trailing slash.
 */
export function publicUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.NETKB_PUBLIC_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`NETKB_PUBLIC_URL "${raw}" must be an absolute URL, e.g. https://netkb.example.com/`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`NETKB_PUBLIC_URL "${raw}" must start with http:// or https://`);
  if (url.search || url.hash || raw.includes('?') || raw.includes('#'))
    throw new ConfigError(`NETKB_PUBLIC_URL "${raw}" must not have a query or a fragment: the links add their own`);
  if (url.username || url.password)
    throw new ConfigError(`NETKB_PUBLIC_URL "${raw}" must not carry a user name or password: it is shown in messages`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * NETKB_CORS_ORIGINS: the web origins (scheme://host[:port], comma-separated) whose pages may call /graphql
 * from the browser, e.g. https://dash.example.com,http://localhost:5173. Unset: same origin only. Each is
 * checked here, so a typo stops start-up instead of silently refusing a dashboard. Returned normalised
 * (lower-case scheme and host, no default port), as browsers send the Origin header.
 */
export function corsOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.NETKB_CORS_ORIGINS?.trim();
  if (!raw) return [];
  const origins: string[] = [];
  for (const entry of raw.split(',').map((s) => s.trim())) {
    if (!entry)
      throw new ConfigError(`NETKB_CORS_ORIGINS "${raw}" has an empty entry: separate origins with one comma`);
    if (entry === '*' || entry === 'null')
      throw new ConfigError(
        `NETKB_CORS_ORIGINS: "${entry}" is not accepted; list each origin, e.g. https://dash.example.com`,
      );
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(
        `NETKB_CORS_ORIGINS: "${entry}" is not an origin; write scheme://host[:port], e.g. https://dash.example.com`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ConfigError(`NETKB_CORS_ORIGINS: "${entry}" must start with https:// or http://`);
    if (url.username || url.password || url.search || url.hash || !/^[a-z]+:\/\/[^/]+\/?$/i.test(entry))
      throw new ConfigError(
        `NETKB_CORS_ORIGINS: "${entry}" is not an origin: give only scheme://host[:port], without a path, query or user, e.g. ${url.origin}`,
      );
    origins.push(url.origin);
  }
  return [...new Set(origins)];
}

/** Everything the server reads from the environment, checked. */
export interface ServerSettings {
  database: string;
  port: number;
  host: string;
  seedDir: string;
  snapshotDir: string;
  maxManifestBytes: number;
  adminToken: string | null;
  analysisWorkers: number;
  analysisTimeoutMs: number;
  analysisIdleMs: number;
  reloadIntervalMs: number;
  publicUrl: string | null;
  corsOrigins: string[];
  logLevel: string;
  mode: ServerMode;
}

/** `netkb serve`'s options, which take the place of PORT and HOST. */
interface ListenOptions {
  port?: string;
  host?: string;
}

/**
 * Reads and checks every setting of the server (npm start, netkb serve) at once, before any work: the first
 * bad one is a ConfigError naming it. `listen` (netkb serve --port/--host) overrides PORT and HOST.
 */
export function serverSettings(env: NodeJS.ProcessEnv = process.env, listen: ListenOptions = {}): ServerSettings {
  return {
    database: databaseLocation(env),
    port: listen.port !== undefined ? portValue(listen.port, '--port') : port(env),
    host: listen.host !== undefined ? hostValue(listen.host, '--host') : host(env),
    seedDir: seedDir(env),
    snapshotDir: snapshotDir(env),
    maxManifestBytes: maxManifestBytes(env),
    adminToken: adminToken(env),
    analysisWorkers: analysisWorkers(env),
    analysisTimeoutMs: analysisTimeoutMs(env),
    analysisIdleMs: analysisIdleMs(env),
    reloadIntervalMs: reloadIntervalMs(env),
    publicUrl: publicUrl(env),
    corsOrigins: corsOrigins(env),
    logLevel: logLevel(env),
    mode: serverMode(env),
  };
}
