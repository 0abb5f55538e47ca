// The generated index files are JSON with one entry per line, so that a new release or a changed record
// reads as a short diff in review. What the importers share to write them.

/** `"key": [` one entry a line `]`, indented for a top-level field. */
export function jsonLinesList(key: string, entries: unknown[]): string {
  if (entries.length === 0) return `  ${JSON.stringify(key)}: []`;
  return `  ${JSON.stringify(key)}: [\n${entries.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ]`;
}

/** A top-level object: each scalar field on its line, then each list one entry a line, in the order given. */
export function jsonLinesObject(fields: [key: string, value: unknown, list?: 'list'][]): string {
  const parts = fields.map(([key, value, list]) =>
    list ? jsonLinesList(key, value as unknown[]) : `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{\n${parts.join(',\n')}\n}\n`;
}
