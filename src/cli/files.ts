// The inputs of `netkb check`: files, directories (recursively, *.yaml, *.yml, *.json) and "-" for stdin.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Input {
  name: string;
  text: string;
}

export class UsageError extends Error {}

/** onFile is told about every file read (for the progress line). */
export function readInputs(
  args: string[],
  stdin: () => string,
  onFile: (count: number, name: string) => void = () => {},
): Input[] {
  const out: Input[] = [];
  const push = (input: Input) => {
    out.push(input);
    onFile(out.length, input.name);
  };
  for (const arg of args) {
    if (arg === '-') {
      push({ name: '<stdin>', text: stdin() });
      continue;
    }
    let stat;
    try {
      stat = statSync(arg);
    } catch {
      throw new UsageError(`${arg}: no such file or directory`);
    }
    if (stat.isDirectory()) {
      const found = walk(arg);
      if (found.length === 0) throw new UsageError(`${arg}: no *.yaml, *.yml or *.json files in this directory`);
      for (const f of found) push({ name: f, text: readFileSync(f, 'utf8') });
    } else {
      push({ name: arg, text: readFileSync(arg, 'utf8') });
    }
  }
  return out;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && !e.name.startsWith('.')) out.push(...walk(p));
    } else if (/\.(ya?ml|json)$/i.test(e.name)) out.push(p);
  }
  return out;
}
