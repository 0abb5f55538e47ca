// Configuration comes only from environment variables, read and checked here.
import { existsSync } from 'node:fs';
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

export function seedDir(): string {
  return process.env.NETKB_SEED_DIR ? resolve(process.env.NETKB_SEED_DIR) : join(projectRoot(), 'seed');
}

export class ConfigError extends Error {}

/**
 * Where the knowledge base lives (DATABASE_URL). "postgresql://user:pass@host:5432/db" (or
 * "postgres://...") selects PostgreSQL, the shared store of several replicas. Anything else selects an
 * SQLite file: "file:./path.db" (relative to the working directory, as Prisma reads it),
 * "file:/abs/path.db" or a bare path; unset means ./data/netkb.db in the project.
 * Returns the PostgreSQL URL as given, or the SQLite file's absolute path.
 */
export function databaseLocation(env: NodeJS.ProcessEnv = process.env): string {
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

export function port(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PORT?.trim();
  if (!raw) return 4000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`PORT "${raw}" must be a whole number from 0 to 65535`);
  return n;
}

export function host(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST?.trim() || '0.0.0.0';
}

export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'production';
}

/** Stack traces appear in error responses only with NODE_ENV=development. */
export function isDevelopment(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'development';
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

/** Introspection is on outside production, and in production only with NETKB_INTROSPECTION=true. */
export function introspectionEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !isProduction(env) || env.NETKB_INTROSPECTION === 'true';
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
