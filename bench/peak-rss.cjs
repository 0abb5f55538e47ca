// Preloaded (node --require) into every process the CLI benchmark starts, ours and the floor's alike:
// writes the process's peak resident memory in KiB to BENCH_RSS_FILE as it exits. It reads VmHWM from
// /proc/self/status, the peak of this program's own memory: getrusage's maxrss would also count the
// benchmark's (much larger) process that this one was forked from before exec.
const { readFileSync, writeFileSync } = require('node:fs');

process.on('exit', () => {
  if (!process.env.BENCH_RSS_FILE) return;
  let kib = process.resourceUsage().maxRSS;
  try {
    kib = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  } catch {
    /* not Linux: maxrss it is */
  }
  writeFileSync(process.env.BENCH_RSS_FILE, String(kib));
});
