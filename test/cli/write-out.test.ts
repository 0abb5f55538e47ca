// writeAll (src/cli/write-out.ts), the command line's way to its output, in a real process: every byte
// arrives, in order, when the descriptor is a non-blocking pipe that a slow reader keeps full (short writes
// and EAGAIN), and with text that is not ASCII.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { builtCli, ensureBuilt } from '../support/build';

beforeAll(() => ensureBuilt());

/** Runs a child that writes `pieces` copies of a 1 MiB text through writeAll to its stdout, a pipe read late. */
function writeThroughPipe(nonBlocking: boolean): Promise<{ received: Buffer; code: number | null; stderr: string }> {
  const writeOut = join(dirname(builtCli()), 'write-out.js');
  const script = `
    const { writeAll } = require(${JSON.stringify(writeOut)});
    ${nonBlocking ? 'process.stdout;' /* opening the pipe's stream makes the descriptor non-blocking */ : ''}
    const piece = 'ä€𝄞 netkb '.repeat(1 << 16);
    for (let i = 0; i < 4; i++) writeAll(1, i + ':' + piece + '\\n');
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Nothing is read for 300 ms: the pipe (64 KiB) fills and the writer meets short writes and EAGAIN.
    child.stdout.pause();
    setTimeout(() => {
      child.stdout.on('data', (d: Buffer) => chunks.push(d));
      child.stdout.resume();
    }, 300);
    child.on('close', (code) => resolve({ received: Buffer.concat(chunks), code, stderr }));
  });
}

const expected = (): string => {
  const piece = 'ä€𝄞 netkb '.repeat(1 << 16);
  return [0, 1, 2, 3].map((i) => `${i}:${piece}\n`).join('');
};

describe('writeAll', () => {
  it.each([
    ['a blocking pipe', false],
    ['a non-blocking pipe (short writes, EAGAIN)', true],
  ])('writes every byte in order to %s', async (_name, nonBlocking) => {
    const { received, code, stderr } = await writeThroughPipe(nonBlocking);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(received.length).toBe(Buffer.byteLength(expected()));
    expect(received.toString('utf8')).toBe(expected());
  });
});
