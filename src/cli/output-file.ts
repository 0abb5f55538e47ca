// -o/--output FILE of check and convert: checked before any work (a folder that does not exist or cannot
// be written is one line on stderr and the usage exit code, not a stack trace after a long run), and
// written with the same kind of message if writing still fails.
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CliIo } from './io';
import { UsageError } from './files';

export function checkOutputPath(path: string): void {
  const target = resolve(path);
  const folder = dirname(target);
  const stat = statOrNull(folder);
  if (!stat) throw new UsageError(`--output ${path}: the folder ${dirname(path)} does not exist; create it first`);
  if (!stat.isDirectory()) throw new UsageError(`--output ${path}: ${dirname(path)} is not a folder`);
  if (statOrNull(target)?.isDirectory()) throw new UsageError(`--output ${path} is a folder: name a file in it`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new UsageError(`--output ${path}: the folder ${dirname(path)} cannot be written to (permission denied)`);
  }
}

/** Writes text, or its pieces one after another, to the file. */
export function writeOutput(io: CliIo, path: string, text: string | Iterable<string>): void {
  try {
    io.writeFile(path, typeof text === 'string' ? [text] : text);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new UsageError(`--output ${path}: cannot be written (${reason})`);
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
