// One kep.yaml -> its index entry. Pure: the text in, the entry (or why it is left out) back. KEP metadata is
// written by hand, so the reader takes what the KEP template asks for and passes over what does not fit:
// a gate without a name, an empty component item. YAML 1.2's core schema reads it, so a date such as
// `2024-13-01` stays a string instead of failing the file.
import { parse } from 'yaml';
import type { KepEntry } from '../../seed/kep-index';

type KepRead = { entry: KepEntry } | { skipped: string };

export function readKep(path: string, text: string): KepRead {
  let data: unknown;
  try {
    data = parse(text, { uniqueKeys: false });
  } catch (err) {
    return { skipped: `not YAML: ${(err as Error).message.split('\n')[0]}` };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { skipped: 'not a YAML map' };
  const kep = data as Record<string, unknown>;
  const raw = kep['kep-number'];
  const number =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(number) || number < 0)
    return { skipped: `kep-number ${JSON.stringify(raw ?? null)} is not a number` };
  const featureGates: KepEntry['featureGates'] = [];
  for (const g of Array.isArray(kep['feature-gates']) ? kep['feature-gates'] : []) {
    if (!g || typeof g !== 'object') continue;
    const { name, components } = g as { name?: unknown; components?: unknown };
    if (typeof name !== 'string' || name.trim() === '') continue;
    featureGates.push({
      name: name.trim(),
      components: (Array.isArray(components) ? components : [])
        .filter((c): c is string => typeof c === 'string' && c.trim() !== '')
        .map((c) => c.trim()),
    });
  }
  return {
    entry: {
      number,
      title: typeof kep.title === 'string' ? kep.title.trim() : '',
      owningSig: typeof kep['owning-sig'] === 'string' ? kep['owning-sig'].trim() : null,
      path,
      featureGates,
    },
  };
}
