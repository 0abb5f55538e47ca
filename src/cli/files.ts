// The inputs of `netkb check` and `netkb convert`: files, directories (recursively, *.yaml, *.yml, *.json,
// but what --exclude leaves out) and "-" for stdin. A file that cannot be read, or holds binary data, is an input with an error, not the
// end of the run: the other files are still checked and the error is one entry of the report.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { bytesProblem, NotInPieces } from '../analysis';
import type { ManifestFile } from '../services/upgrade-report';
import type { InputError } from './formats/types';
import { parseGlob, type Glob } from './glob';

export interface Input {
  name: string;
  text: string;
  /** Why the file cannot be checked at all (unreadable, binary); its text is then empty. */
  error?: InputError;
  /** With `inPieces`: the file, read when it is checked, a piece at a time (its text is then empty). */
  file?: ManifestFile;
  /** For a file a directory walk found (not one named on the command line): what the walk knows of it. */
  found?: FoundIn;
}

/** Where a directory walk found a file: what decides whether it may be passed over (src/cli/passed-over.ts). */
interface FoundIn {
  /** The folder of the Helm chart the file lies in: the nearest folder above it holding a Chart.yaml. */
  chart: string | null;
}

export class UsageError extends Error {}

/** The name standard input goes by in reports when --stdin-name does not give one. */
export const STDIN_NAME = '<stdin>';

interface ReadOptions {
  /** Told about every file read (for the progress line). */
  onFile?(count: number, name: string): void;
  /** The name stdin ("-") is reported as. */
  stdinName?: string;
  /** Files are not read here but given as a ManifestFile (netkb check reads them a piece at a time). */
  inPieces?: boolean;
  /** --exclude: globs of the paths directory walks leave out (src/cli/glob.ts). */
  exclude?: readonly string[];
}

export function readInputs(args: string[], stdin: () => string, options: ReadOptions = {}): Input[] {
  const { onFile = () => {}, stdinName = STDIN_NAME, inPieces = false } = options;
  const exclude = (options.exclude ?? []).map((text) => {
    const glob = parseGlob(text);
    if (!glob) throw new UsageError(`--exclude "${text}": give a glob such as "values*.yaml" or "charts/**"`);
    return glob;
  });
  const out: Input[] = [];
  const push = (input: Input) => {
    out.push(input);
    onFile(out.length, input.name);
  };
  for (const arg of args) {
    if (arg === '-') {
      push({ name: stdinName, text: stdin() });
      continue;
    }
    let stat;
    try {
      stat = statSync(arg);
    } catch {
      throw new UsageError(`${arg}: no such file or directory`);
    }
    if (stat.isDirectory()) {
      const found = walk({ root: arg, exclude }, arg, chartAbove(arg));
      if (found.length === 0)
        throw new UsageError(
          `${arg}: no *.yaml, *.yml or *.json files in this directory` +
            (exclude.length > 0 ? ' that --exclude leaves in' : ''),
        );
      for (const f of found) push({ ...(inPieces ? fileInput(f.path, stat.size) : readInput(f.path)), found: f.in });
    } else {
      push(inPieces ? fileInput(arg, stat.size) : readInput(arg));
    }
  }
  return out;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes read from a file at a time when it is read in pieces. */
const PIECE_BYTES = 1024 * 1024;

/** Thrown by a ManifestFile's `whole` when the file cannot be checked: the error entry of its report. */
export class InputFileError extends Error {
  constructor(readonly error: InputError) {
    super(error.message);
  }
}

/** A file to be read in pieces when it is checked (a directory's file is sized when it is read). */
function fileInput(name: string, size: number): Input {
  const file: ManifestFile = {
    bytes: size,
    pieces: () => filePieces(name),
    whole() {
      const input = readInput(name);
      if (input.error) throw new InputFileError(input.error);
      return input.text;
    },
  };
  return { name, text: '', file };
}

/**
 * The file's text, PIECE_BYTES at a time, decoded as strict UTF-8: each piece ends after its last whole character
 * (the bytes of one cut by the read begin the next), and is decoded on its own, not as a stream, so that text in
 * Latin-1 is kept one byte a character (a streaming TextDecoder answers two-byte strings: twice the memory, slower
 * everywhere after). A file that cannot be opened, a NUL byte or bytes that are not UTF-8 end it with NotInPieces:
 * the file is then read whole, and its error is told there.
 */
export function* filePieces(name: string): Generator<string> {
  let fd: number;
  try {
    fd = openSync(name, 'r');
  } catch {
    throw new NotInPieces();
  }
  try {
    const buffer = Buffer.allocUnsafe(PIECE_BYTES + 4);
    let held = 0;
    for (;;) {
      const n = readSync(fd, buffer, held, PIECE_BYTES, null);
      const bytes = buffer.subarray(0, held + n);
      const whole = n === 0 ? bytes.length : wholeCharacters(bytes);
      const piece = bytes.subarray(0, whole);
      if (piece.indexOf(0) !== -1) throw new NotInPieces();
      let text: string;
      try {
        text = STRICT_UTF8.decode(piece);
      } catch {
        throw new NotInPieces();
      }
      if (text !== '') yield text;
      if (n === 0) return;
      held = bytes.length - whole;
      buffer.copy(buffer, 0, whole, bytes.length);
    }
  } finally {
    closeSync(fd);
  }
}

/** How many of `bytes` end with a whole UTF-8 character: all, or up to the lead byte of one cut at the end. */
function wholeCharacters(bytes: Uint8Array): number {
  let i = bytes.length - 1;
  while (i >= 0 && bytes.length - i <= 3 && (bytes[i] & 0xc0) === 0x80) i--;
  if (i < 0 || bytes[i] < 0xc0) return bytes.length;
  const size = bytes[i] >= 0xf0 ? 4 : bytes[i] >= 0xe0 ? 3 : 2;
  return i + size <= bytes.length ? bytes.length : i;
}

function readInput(name: string): Input {
  let bytes: Buffer;
  try {
    bytes = readFileSync(name);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return {
      name,
      text: '',
      error: { code: 'UNREADABLE_FILE', message: `cannot be read (${reason})`, line: 1, column: 1 },
    };
  }
  // Nearly every file is UTF-8 without NUL bytes: decided natively (memchr, a strict decoder keeping a
  // byte-order mark as Buffer#toString does); otherwise bytesProblem says where it is not.
  if (bytes.indexOf(0) === -1) {
    try {
      return { name, text: STRICT_UTF8.decode(bytes) };
    } catch {
      /* not UTF-8: bytesProblem finds where */
    }
  }
  const problem = bytesProblem(bytes);
  if (problem) {
    const { code, message, line, column } = problem;
    return { name, text: '', error: { code, message, line, column } };
  }
  return { name, text: bytes.toString('utf8') };
}

/** The file Helm reads a chart's name and version from: the folder holding it is a chart. */
const CHART_FILE = 'Chart.yaml';

interface Walk {
  root: string;
  exclude: readonly Glob[];
}

/** The files below `dir`, in name order, but what --exclude leaves out, hidden folders and node_modules. */
function walk(w: Walk, dir: string, chart: string | null): { path: string; in: FoundIn }[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const here = entries.some((e) => e.name === CHART_FILE && !e.isDirectory()) ? dir : chart;
  const out: { path: string; in: FoundIn }[] = [];
  for (const e of entries) {
    const p = join(dir, e.name);
    const fromRoot = relative(w.root, p).split(sep).join('/');
    if (w.exclude.some((g) => g.matches(fromRoot, e.name))) continue;
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && !e.name.startsWith('.')) out.push(...walk(w, p, here));
    } else if (/\.(ya?ml|json)$/i.test(e.name)) out.push({ path: p, in: { chart: here } });
  }
  return out;
}

/** The chart a walked folder lies in when a folder above it holds a Chart.yaml (`netkb check chart/templates`). */
function chartAbove(dir: string): string | null {
  for (let d = dir; ;) {
    const parent = join(d, '..');
    if (resolve(parent) === resolve(d)) return null;
    if (existsSync(join(parent, CHART_FILE))) return parent;
    d = parent;
  }
}
