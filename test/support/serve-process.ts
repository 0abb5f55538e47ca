// A `netkb serve` child process in tests: its output collected, and the port it announces once listening.
import type { ChildProcess } from 'node:child_process';

/** Collects the child's stdout and stderr; the function returns what has come so far. */
export function collectOutput(child: ChildProcess): () => string {
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return () => out;
}

/** The port `netkb serve` announces ("... at http://localhost:PORT/graphql"); rejects if it exits first. */
export function announcedPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /at http:\/\/localhost:(\d+)\/graphql/.exec(output());
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`netkb serve exited: ${output()}`));
      }
    }, 50);
  });
}
