// Runs the netkb command line as a real process over the run's seeded database (or another file).
import { spawn, spawnSync } from 'node:child_process';
import { projectRoot } from '../../src/config';
import { builtCli } from './build';
import { seededDatabase } from './http';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const root = projectRoot();

/**
 * The compiled CLI (test/support/build.ts keeps it fresh), synchronously: for commands that need no server
 * in this process. It runs in the project folder unless `cwd` says otherwise.
 */
export function netkb(
  args: string[],
  options: { input?: string; db?: string; env?: Record<string, string>; cwd?: string } = {},
): CliResult {
  const r = spawnSync(process.execPath, [builtCli(), ...args], {
    encoding: 'utf8',
    input: options.input,
    cwd: options.cwd ?? root,
    env: { ...process.env, DATABASE_URL: `file:${options.db ?? seededDatabase()}`, ...options.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A node script as a process, without blocking this process (which may be serving it). */
export function runNode(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
