// Names of the objects and listeners made: DNS labels that say which host they serve.

/** "*.example.com" -> "wildcard-example-com"; "" (every host) -> "". */
export function hostSlug(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\*\./, 'wildcard.')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A listener name (a DNS label, at most 63 characters here): http-example-com, or http for every host. */
export function listenerName(protocol: 'http' | 'https' | 'tls', host: string): string {
  const slug = hostSlug(host);
  return (slug ? `${protocol}-${slug}` : protocol).slice(0, 63).replace(/-+$/, '');
}

/** An object name (a DNS subdomain, at most 253 characters). */
export function objectName(...parts: string[]): string {
  return parts
    .filter((p) => p !== '')
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 253);
}

/** True when a TLS host of an Ingress covers a rule host ("*.example.com" covers "a.example.com"). */
export function tlsCovers(tlsHost: string, host: string): boolean {
  if (tlsHost === host) return true;
  return (
    tlsHost.startsWith('*.') && host.endsWith(tlsHost.slice(1)) && !host.slice(0, -tlsHost.length + 1).includes('.')
  );
}
