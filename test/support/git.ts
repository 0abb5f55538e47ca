// git for tests that build a repository: a fixed author, no signing, whatever the machine's git config says.
import { execFileSync } from 'node:child_process';

export function git(dir: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(
    'git',
    [
      '-C',
      dir,
      '-c',
      'user.name=netkb',
      '-c',
      'user.email=netkb@example.invalid',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { encoding: 'utf8', env: { ...process.env, ...env } },
  );
}
