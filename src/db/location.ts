// Where the knowledge base lives: an SQLite file path (the default) or a PostgreSQL URL shared by
// several replicas. Every function of src/db takes this one string and picks the provider from it.
export type Provider = 'sqlite' | 'postgresql';

export function isPostgres(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

export function providerOf(location: string): Provider {
  return isPostgres(location) ? 'postgresql' : 'sqlite';
}

/** The location as logs may show it: a URL without its password. */
export function displayLocation(location: string): string {
  if (!isPostgres(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgresql://(unparsable URL)';
  }
}
