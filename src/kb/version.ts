// Kubernetes minor releases as sortable integers: "1.20" -> 1020 (major * 1000 + minor). Patch numbers are
// accepted on input ("1.20.3", "v1.20") and dropped, since the knowledge base is kept per minor release.
// The one home of this rule: the server, the seed loader and checks (src/seed) and the dashboard (web/src,
// bundled by esbuild) all import it, so keep this module pure: no Node modules, nothing but the language.

export type VersionKey = number;

const VERSION_PATTERN = /^v?(\d{1,3})\.(\d{1,3})(?:\.(\d{1,4}))?$/;

export class VersionFormatError extends Error {
  constructor(readonly input: string) {
    super(
      `"${input}" is not a Kubernetes release: write MAJOR.MINOR such as "1.20" (also accepted: "v1.20", "1.20.3")`,
    );
  }
}

/** Parses "1.20", "v1.20" or "1.20.3" into its key, or throws VersionFormatError. */
export function parseVersion(input: string): VersionKey {
  const match = VERSION_PATTERN.exec(input.trim());
  if (!match) throw new VersionFormatError(input);
  const major = Number(match[1]);
  const minor = Number(match[2]);
  if (minor > 999) throw new VersionFormatError(input);
  return major * 1000 + minor;
}

/** Parses a seed-file version: exactly MAJOR.MINOR, no prefix, no patch. */
export function isMinorVersion(input: string): boolean {
  return /^\d{1,3}\.\d{1,3}$/.test(input);
}

export function formatVersion(key: VersionKey): string {
  return `${Math.floor(key / 1000)}.${key % 1000}`;
}

/** Orders two releases as written ("1.9" before "1.20"): negative, zero or positive, for sort(). */
export function compareVersions(a: string, b: string): number {
  return parseVersion(a) - parseVersion(b);
}

export function formatOptionalVersion(key: VersionKey | null | undefined): string | null {
  return key === null || key === undefined ? null : formatVersion(key);
}
