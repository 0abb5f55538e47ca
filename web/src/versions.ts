// Releases as netkb writes them ("1.20"); the same integer key the server uses (major * 1000 + minor).
export function versionKey(v: string): number {
  const m = /^v?(\d+)\.(\d+)/.exec(v.trim());
  if (!m) throw new Error(`not a release: ${v}`);
  return Number(m[1]) * 1000 + Number(m[2]);
}

export function formatVersion(key: number): string {
  return `${Math.floor(key / 1000)}.${key % 1000}`;
}

export function compareVersions(a: string, b: string): number {
  return versionKey(a) - versionKey(b);
}
