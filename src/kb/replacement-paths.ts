// How an api-fields record names its replacements: dot paths of fields of the same kind, separated by
// commas ("spec.ipFamilyPolicy, spec.ipFamilies"). The seed loader refuses a path without a record, so
// every path read here resolves to an api-fields record.
export function replacementPaths(replacement: string | null | undefined): string[] {
  if (!replacement) return [];
  return replacement
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}
