// How the command line writes its output: straight to the file descriptor with fs.writeSync.
// process.stdout.write turns every piece into a Buffer and goes through the stream machinery: for the 25 MB
// JSON report of 10,000 objects that cost far more than writeSync does (docs/performance.md).
// stdout is synchronous for files and pipes on Linux anyway; what writeSync adds is handled here: a short
// write (the rest is written), EAGAIN from a descriptor someone made non-blocking (waited out), EPIPE (the
// reader went away: the caller decides).
import { writeSync } from 'node:fs';

/** Writes the whole of `text` (as UTF-8) to `fd`. */
export function writeAll(fd: number, text: string): void {
  let bytes: Buffer | null = null;
  let at = 0;
  for (;;) {
    try {
      if (bytes === null) {
        const written = writeSync(fd, text);
        // A string is written whole but for a short write, which only the count of its bytes shows.
        if (written === Buffer.byteLength(text)) return;
        bytes = Buffer.from(text);
        at = written;
      } else {
        at += writeSync(fd, bytes, at);
      }
      if (at >= bytes.length) return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      pause(1);
    }
  }
}

const waitOn = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `ms` milliseconds (a full pipe drains meanwhile). */
function pause(ms: number): void {
  Atomics.wait(waitOn, 0, 0, ms);
}
