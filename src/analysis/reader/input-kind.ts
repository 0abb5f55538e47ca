// What a text handed in as a manifest really is, before (and right after) it is read as YAML: binary data,
// an empty file, a template that was never rendered (Helm, Jinja/Salt), a kustomization, or a file none of
// whose documents is a Kubernetes object. Each is refused with its own code and the line and column where
// it shows, so the user is told what to run instead of a YAML error. Pure: text (or bytes) in, a problem
// or null out. The CLI and the services (upgradeReport, convertManifest) both ask here.
import { ManifestError, type SkippedDocument } from './manifest-types';

export type InputProblemCode = 'TEMPLATE_NOT_RENDERED' | 'KUSTOMIZATION' | 'NOT_A_MANIFEST' | 'BINARY_INPUT';

export interface InputProblem {
  code: InputProblemCode;
  /** For a person: what the input is and what to do instead. */
  message: string;
  /** 1-based line and column where it shows (the first template marker, the first byte that is not text). */
  line: number;
  column: number;
  /** For TEMPLATE_NOT_RENDERED: the template language. */
  template?: 'helm' | 'jinja';
  /** For BINARY_INPUT: a short excerpt around the first byte that is not text, escaped as in JSON (≤ 40 characters). */
  excerpt?: string;
}

/**
 * The syntax that gives a template language away, kept in one place:
 * - Helm (Go text/template): actions in `{{ }}`, `{{-` / `-}}` trim whitespace, fields of the built-in
 *   objects (.Values, .Release, .Chart, .Capabilities, .Files, .Template), functions such as include and
 *   toYaml; https://helm.sh/docs/chart_template_guide/ (builtin_objects, control_structures).
 * - Jinja, Salt's default renderer: `{% statements %}`, `{{ expressions }}`, `{# comments #}`; Salt adds the
 *   globals pillar, salt, grains, opts, saltenv, sls; https://jinja.palletsprojects.com/en/stable/templates/
 * - kustomize: a kustomization is kind Kustomization (a component, kind Component) of the group
 *   kustomize.config.k8s.io, read from a file named kustomization.yaml, kustomization.yml or Kustomization,
 *   where apiVersion and kind may be left out; https://kubectl.docs.kubernetes.io/references/kustomize/
 */
const SYNTAX = {
  /** Where a YAML value starts: any of these makes the value a template (YAML reads it as a flow map, or fails). */
  markers: ['{{', '{%', '{#'],
  /** Markers only Jinja has. */
  jinjaMarkers: ['{%', '{#'],
  /** A Go template action: a field or variable, a comment, or a keyword or Helm function. */
  goAction:
    /^\{\{-?\s*(?:[.$]|\/\*|(?:include|template|define|block|if|else|end|range|with|toYaml|tpl|required|lookup)\b)/,
  /** Salt's Jinja globals. */
  saltGlobal: /^\{\{-?\s*(?:pillar|salt|grains|opts|saltenv|sls)\b/,
  /** Inside a string (where `{{` is also the text of Prometheus or Argo templates), only these count. */
  inString:
    /^\{\{-?\s*(?:\.(?:Values|Release|Chart|Capabilities|Files|Template)\b|(?:include|tpl)\s|(?:pillar|salt|grains)\s*[[.])/,
  /** An apiVersion of the kustomize group. */
  kustomizeGroup: /^(\ufeff?)apiVersion:[ \t]*["']?kustomize\.config\.k8s\.io\//m,
  /**
   * kind Kustomization, which kustomize reads without an apiVersion; with another apiVersion it is someone
   * else's object (Flux's kustomize.toolkit.fluxcd.io Kustomization is a real custom resource).
   */
  kustomizationKind: /^(\ufeff?)kind:[ \t]*["']?Kustomization["']?[ \t]*(?:#.*)?\r?$/m,
  kustomizationFiles: ['kustomization.yaml', 'kustomization.yml', 'Kustomization'],
} as const;

const EXCERPT_MAX = 40;

/** The problem with a text given as a manifest, or null when it should be read as one. `fileName` is optional. */
export function inputProblem(text: string, fileName?: string): InputProblem | null {
  return binaryText(text) ?? emptyText(text) ?? templateIn(text) ?? kustomization(text, fileName);
}

/**
 * Whether a window of a text read in pieces may hold what inputProblem refuses (binary data, a template marker, a
 * kustomization): the text is then read whole and inputProblem says precisely. A window seen without the lines
 * before it may look like a template where it is not (inside a block scalar begun earlier), never the reverse.
 */
export function mayHaveProblem(window: string, fileName?: string): boolean {
  return binaryText(window) !== null || templateIn(window) !== null || kustomization(window, fileName) !== null;
}

/** Throws the problem as a ManifestError (what the services refuse a manifest with). */
export function refuseProblem(problem: InputProblem | null): void {
  if (!problem) return;
  const details: Record<string, string> = {};
  if (problem.template) details.template = problem.template;
  if (problem.excerpt !== undefined) details.excerpt = problem.excerpt;
  throw new ManifestError(problem.code, problem.message, problem.line, problem.column, details);
}

/** For files read as bytes: NUL bytes or bytes that are not UTF-8. */
export function bytesProblem(bytes: Uint8Array): InputProblem | null {
  const bad = firstNonText(bytes);
  if (bad === -1) return null;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < bad; i++)
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  const window = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(Math.max(0, bad - 8), bad + 16));
  const what = bytes[bad] === 0 ? 'a NUL byte' : `byte 0x${bytes[bad].toString(16).padStart(2, '0')}, not UTF-8`;
  return binary(what, line, bad - lineStart + 1, window);
}

/** After reading: a manifest of documents none of which has apiVersion and kind is not a manifest. */
export function noObjectsProblem(objects: number, skipped: readonly SkippedDocument[]): InputProblem | null {
  if (objects > 0 || skipped.length === 0) return null;
  const documents = new Set(skipped.map((s) => s.documentIndex)).size;
  return {
    code: 'NOT_A_MANIFEST',
    message:
      documents === 1
        ? `not a Kubernetes manifest: its one document has no apiVersion and kind (line ${skipped[0].line})`
        : `not a Kubernetes manifest: none of its ${documents} documents has apiVersion and kind (first at line ${skipped[0].line})`,
    line: skipped[0].line,
    column: 1,
  };
}

/**
 * Anything outside YAML's printable set (YAML 1.2, c-printable): tab, LF, CR, 0x20-0x7E, 0x85, 0xA0-0xD7FF,
 * 0xE000-0xFFFD and the astral planes; so NUL, other control characters, lone surrogates, U+FFFE/U+FFFF.
 */
const NOT_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** Printable ASCII and the three line characters: what most manifests hold throughout (a quicker scan). */
const NOT_PRINTABLE_ASCII = /[^\t\n\r\x20-\x7e]/;

function binaryText(text: string): InputProblem | null {
  if (!NOT_PRINTABLE_ASCII.test(text)) return null;
  const found = NOT_PRINTABLE.exec(text);
  if (!found) return null;
  const i = found.index;
  const c = text.charCodeAt(i);
  const { line, column } = positionOf(text, i);
  const hex = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  const what =
    c === 0 ? 'a NUL character' : c < 0xa0 ? `the control character ${hex}` : `${hex}, which YAML does not allow`;
  return binary(what, line, column, text.slice(Math.max(0, i - 8), i + 16));
}

function binary(what: string, line: number, column: number, window: string): InputProblem {
  const excerpt = escaped(window);
  return {
    code: 'BINARY_INPUT',
    message: `binary data, not a YAML or JSON manifest: ${what} at line ${line}, column ${column} ("${excerpt}")`,
    line,
    column,
    excerpt,
  };
}

/** JSON-style escape of everything but printable ASCII, cut to EXCERPT_MAX characters. */
function escaped(window: string): string {
  let out = '';
  for (const ch of window) {
    const c = ch.codePointAt(0)!;
    const piece =
      c >= 0x20 && c < 0x7f && ch !== '"' && ch !== '\\'
        ? ch
        : ch === '"' || ch === '\\'
          ? `\\${ch}`
          : c > 0xffff
            ? `\\u${(0xd800 + ((c - 0x10000) >> 10)).toString(16)}\\u${(0xdc00 + ((c - 0x10000) & 0x3ff)).toString(16)}`
            : `\\u${c.toString(16).padStart(4, '0')}`;
    if (out.length + piece.length > EXCERPT_MAX) break;
    out += piece;
  }
  return out;
}

/** Offset of the first NUL byte or the first byte of a sequence that is not UTF-8; -1 when there is none. */
function firstNonText(b: Uint8Array): number {
  for (let i = 0; i < b.length;) {
    const c = b[i];
    if (c === 0) return i;
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n === -1 || i + n >= b.length) return i;
    // The second byte's range excludes overlong forms and surrogates (RFC 3629, section 4).
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (b[i + 1] < lo || b[i + 1] > hi) return i;
    for (let k = 2; k <= n; k++) if (b[i + k] < 0x80 || b[i + k] > 0xbf) return i;
    i += n + 1;
  }
  return -1;
}

function emptyText(text: string): InputProblem | null {
  let comments = false;
  let markers = false;
  // Stops at the first line of content: a manifest's first or second line, as a rule.
  for (let start = 0; start <= text.length;) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const line = text
      .slice(start, end)
      .replace(/^\ufeff/, '')
      .trim();
    start = end + 1;
    if (line === '') continue;
    if (line.startsWith('#')) comments = true;
    else if (/^(?:---|\.\.\.)(?:\s+#.*)?$/.test(line)) markers = true;
    else return null;
  }
  const what = comments ? 'holds only comments' : markers ? 'holds only document markers ("---")' : 'is empty';
  return {
    code: 'NOT_A_MANIFEST',
    message: `not a Kubernetes manifest: the input ${what}, no YAML document`,
    line: 1,
    column: 1,
  };
}

interface Marker {
  line: number;
  column: number;
  text: string;
}

/** The first template marker outside comments and block scalars; inside strings only the tell-tale ones. */
function templateIn(text: string): InputProblem | null {
  if (!text.includes('{{') && !text.includes('{%') && !text.includes('{#')) return null;
  const markers: Marker[] = [];
  const lines = text.split('\n');
  let blockIndent = -1;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].replace(/\r$/, '');
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) continue;
      blockIndent = -1;
    }
    const opensBlock = markersOfLine(line, n + 1, markers);
    if (opensBlock) blockIndent = indent;
  }
  if (markers.length === 0) return null;
  const first = markers[0];
  const jinja = markers.some(
    (m) => SYNTAX.jinjaMarkers.some((j) => m.text.startsWith(j)) || SYNTAX.saltGlobal.test(m.text),
  );
  const at = `\`${first.text.slice(0, 2)}\` at line ${first.line}, column ${first.column}`;
  return jinja && !SYNTAX.goAction.test(first.text)
    ? {
        code: 'TEMPLATE_NOT_RENDERED',
        message: `looks like a Jinja (Salt) template (${at}), not a manifest: render it first and check the output`,
        line: first.line,
        column: first.column,
        template: 'jinja',
      }
    : {
        code: 'TEMPLATE_NOT_RENDERED',
        message: `looks like a Helm template (${at}), not a manifest: check the output of \`helm template\``,
        line: first.line,
        column: first.column,
        template: 'helm',
      };
}

/**
 * Adds the line's template markers to `out`; returns whether the line opens a block scalar (`key: |`).
 * A marker where a value starts always counts; inside a quoted or plain string, only SYNTAX.inString.
 */
function markersOfLine(line: string, lineNo: number, out: Marker[]): boolean {
  let atStart = true;
  let quote: '"' | "'" | null = null;
  let lastValueStart = -1;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (quote === '"' && ch === '\\') i++;
      else if (ch === quote) {
        if (quote === "'" && line[i + 1] === "'") i++;
        else quote = null;
      } else if (ch === '{' && SYNTAX.inString.test(line.slice(i))) out.push(marker(line, i, lineNo));
      continue;
    }
    if (ch === ' ' || ch === '\t') continue;
    if (ch === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) return false;
    if (ch === '{' && SYNTAX.markers.some((m) => line.startsWith(m, i))) {
      if (atStart || SYNTAX.inString.test(line.slice(i))) out.push(marker(line, i, lineNo));
      if (atStart) return false; // the rest of the line belongs to the template
      i++;
      continue;
    }
    if (atStart && (ch === '"' || ch === "'")) {
      quote = ch;
      atStart = false;
      continue;
    }
    if (atStart && (ch === '|' || ch === '>')) lastValueStart = i;
    const next = line[i + 1];
    if ((ch === '-' || ch === ':' || ch === '?') && (next === undefined || next === ' ' || next === '\t')) {
      atStart = true;
      continue;
    }
    if (ch === '[' || ch === '{' || ch === ',') {
      atStart = true;
      continue;
    }
    atStart = false;
  }
  return lastValueStart >= 0 && /^[|>][-+0-9]*\s*(?:#.*)?$/.test(line.slice(lastValueStart));
}

function marker(line: string, i: number, lineNo: number): Marker {
  return { line: lineNo, column: i + 1, text: line.slice(i, i + 60) };
}

function kustomization(text: string, fileName: string | undefined): InputProblem | null {
  const message =
    'a kustomization, not a manifest: check the output of `kustomize build` (or `kubectl kustomize`) for its folder';
  const hasApiVersion = /^\ufeff?apiVersion:/m.test(text);
  const declared = SYNTAX.kustomizeGroup.exec(text) ?? (hasApiVersion ? null : SYNTAX.kustomizationKind.exec(text));
  if (declared) return { code: 'KUSTOMIZATION', message, ...positionOf(text, declared.index + declared[1].length) };
  const base = fileName?.split(/[\\/]/).pop();
  if (!base || !(SYNTAX.kustomizationFiles as readonly string[]).includes(base)) return null;
  if (hasApiVersion || /^kind:/m.test(text)) return null;
  const first = /^[^\s#-]/m.exec(text.replace(/^\ufeff/, ''));
  return { code: 'KUSTOMIZATION', message, line: first ? positionOf(text, first.index).line : 1, column: 1 };
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}
