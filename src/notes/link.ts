// Finds what a release-note text mentions among the knowledge base's entities, by their names as they
// appear in notes: gate names, "--flag" tokens, "group/version" with a kind, label keys, metric names.
// What looks like a reference but matches nothing is returned as unlinked, for a person to follow up.

export interface LinkCatalog {
  gates: string[];
  /** [component, "--flag"] */
  flags: [string, string][];
  /** [apiVersion, kind] */
  apiVersions: [string, string][];
  keys: string[];
  /** [component, name] */
  metrics: [string, string][];
  components: string[];
}

export interface Links {
  subjects: string[];
  components: string[];
  unlinked: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function linkText(text: string, catalog: LinkCatalog): Links {
  const subjects = new Set<string>();
  const unlinked = new Set<string>();
  const components = catalog.components.filter((c) => new RegExp(`(^|[^\\w-])${escape(c)}([^\\w-]|$)`).test(text));

  for (const g of catalog.gates) if (new RegExp(`\\b${escape(g)}\\b`).test(text)) subjects.add(`gate:${g}`);
  // Gate names are whole UpperCamelCase words of two parts or more ("PodHostIPs", "NFTablesNetlink"): a
  // lower-case letter and a second capital, which keeps "GA" and "Service" out.
  const gateWord = '\\b([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)\\b';
  for (const m of text.matchAll(
    new RegExp(`\`?${gateWord}\`? feature[- ]?gate|feature[- ]?gates? \`?${gateWord}\`?`, 'g'),
  )) {
    const name = m[1] ?? m[2];
    if (name && /^[A-Z].*[A-Z]/.test(name) && !catalog.gates.includes(name)) unlinked.add(`feature gate ${name}`);
  }

  for (const m of text.matchAll(/(?<![\w-])--([a-z0-9][a-z0-9-]+)/g)) {
    const flag = `--${m[1]}`;
    const owners = catalog.flags.filter(([, f]) => f === flag).map(([c]) => c);
    const chosen = owners.filter((c) => components.includes(c));
    const picks = chosen.length > 0 ? chosen : owners.length === 1 ? owners : [];
    for (const c of picks) subjects.add(`flag:${c} ${flag}`);
    if (picks.length === 0) unlinked.add(`flag ${flag}${owners.length > 1 ? ` (of ${owners.join(' or ')}?)` : ''}`);
  }

  for (const [apiVersion, kind] of catalog.apiVersions) {
    if (text.includes(apiVersion) && new RegExp(`\\b${escape(kind)}`, 'i').test(text))
      subjects.add(`api:${apiVersion} ${kind}`);
  }
  // Group names without a dot ("apps", "extensions") come from the catalogue, not from a list in code.
  const plainGroups = [
    ...new Set(catalog.apiVersions.map(([a]) => a.split('/')[0]).filter((g) => !g.includes('.') && !/^v\d/.test(g))),
  ];
  const groupPattern = ['(?:[a-z0-9-]+\\.)+k8s\\.io', ...plainGroups.map(escape)].join('|');
  for (const m of text.matchAll(new RegExp(`\\b(${groupPattern})\\/(v\\d+(?:(?:alpha|beta)\\d+)?)\\b`, 'g'))) {
    const gv = `${m[1]}/${m[2]}`;
    if (!catalog.apiVersions.some(([a]) => a === gv)) unlinked.add(`API ${gv}`);
  }

  for (const k of catalog.keys) if (text.includes(k)) subjects.add(`key:${k}`);
  for (const [component, name] of catalog.metrics)
    if (new RegExp(`\\b${escape(name)}\\b`).test(text)) subjects.add(`metric:${component} ${name}`);

  return { subjects: [...subjects].sort(), components, unlinked: [...unlinked].sort() };
}
