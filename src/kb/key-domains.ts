// The domains Kubernetes reserves for its label and annotation keys (KbModel.reservedKeyDomains, from the
// well-known keys page): which keys lie in them. Shared by the keys importer and the well-known-key rule.

/** Whether `key` lies in one of `domains`: the part before its slash is a domain or a subdomain of one. */
export function inReservedDomain(key: string, domains: readonly string[]): boolean {
  return reservedDomainOf(key, domains) !== null;
}

/** The reserved domain `key` lies in (kubernetes.io for node.kubernetes.io/instance-type), or null. */
export function reservedDomainOf(key: string, domains: readonly string[]): string | null {
  const slash = key.indexOf('/');
  if (slash < 0) return null;
  const domain = key.slice(0, slash);
  return domains.find((d) => domain === d || domain.endsWith(`.${d}`)) ?? null;
}
