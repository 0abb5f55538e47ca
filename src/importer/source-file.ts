// What the importers share to read the file that says what they read (seed/generated/*-source.yaml): YAML, checked
// with the importer's schema; a file that cannot be read or does not fit is a SourceConfigError naming the file and
// what is wrong, which the import verbs answer with exit code 2 instead of a stack trace.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { z } from 'zod';

export class SourceConfigError extends Error {
  override readonly name = 'SourceConfigError';
}

export function readSourceFile<T>(file: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SourceConfigError(`${file}: cannot be read: ${(err as Error).message.split('\n')[0]}`);
  }
  const r = schema.safeParse(data);
  if (!r.success)
    throw new SourceConfigError(
      `${file}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}
