// Pieces every view uses: loading and error messages, release pickers.
import { ApiError, loadReleases, type Release } from '../api';
import { fill, h, select } from '../dom';
import { readParams } from '../url-state';
import { parseVersion } from '../../../src/kb/version';
import { SEVERITY_TERMS } from '../../../src/analysis/report/severity';
import { originSuffix } from '../../../src/analysis/report/origin';
import type { ResourceRef } from '../../../src/analysis/types';
import type { Severity } from '../generated/operations';

export function loading(text: string): HTMLElement {
  return h('p', { className: 'loading', role: 'status' }, text);
}

/**
 * An error as a sentence: the server's message first, what the user can do next (the closest known values
 * the server suggests, as links), and the machine-readable code only as a detail below.
 */
export function errorBox(err: unknown, retry?: () => void): HTMLElement {
  const message = (err as Error).message || 'netkb could not answer.';
  const api = err instanceof ApiError ? err : null;
  const detail = api
    ? [api.code ? `error code ${api.code}` : null, api.status ? `HTTP ${api.status}` : null].filter(Boolean).join(', ')
    : '';
  return h(
    'div',
    { className: 'error', role: 'alert' },
    h('p', { className: 'error-message' }, sentence(message)),
    api ? suggestionLinks(api) : null,
    detail ? h('p', { className: 'error-detail' }, `Details: ${detail}.`) : null,
    retry && mayPassOnRetry(err)
      ? h('p', {}, h('button', { type: 'button', className: 'retry', onclick: () => retry() }, 'Retry'))
      : null,
  );
}

/**
 * A request that did not reach netkb or that netkb failed to answer (no HTTP status, 5xx, no JSON) may succeed
 * when sent again; a refused argument (BAD_USER_INPUT) will not, and is mended with the controls instead.
 */
function mayPassOnRetry(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status >= 500 || err.code === null;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  // netkb writes its own name in lower case.
  const first = trimmed.startsWith('netkb') ? trimmed : trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…)”"]$/.test(first) ? first : `${first}.`;
}

/**
 * When the server names the refused argument and its closest known values (extensions.argument and
 * extensions.suggestions) and this page's URL carries a parameter of that name, links to the same view with
 * each suggestion in its place.
 */
function suggestionLinks(err: ApiError): HTMLElement | null {
  const { argument, suggestions } = err.extensions;
  if (typeof argument !== 'string' || !Array.isArray(suggestions) || suggestions.length === 0) return null;
  const params = readParams();
  if (!(argument in params)) return null;
  const links = suggestions
    .filter((s): s is string => typeof s === 'string')
    .map((s) => h('a', { href: `?${new URLSearchParams({ ...params, [argument]: s }).toString()}` }, s));
  if (links.length === 0) return null;
  return h(
    'p',
    { className: 'error-suggestions' },
    'Try ',
    links.flatMap((link, i) => (i === 0 ? [link] : [i === links.length - 1 ? ' or ' : ', ', link])),
    '.',
  );
}

/** A release picker; the preliminary release says so. */
export function releaseSelect(
  id: string,
  label: string,
  releases: Release[],
  value: string,
  onChange: (v: string) => void,
): HTMLElement {
  const options = releases.map((r) => ({
    value: r.version,
    text: r.preliminary ? `${r.version} (preliminary)` : r.version,
  }));
  // An unknown release from the URL stays visible (and any real choice then fires a change).
  if (!releases.some((r) => r.version === value)) options.unshift({ value, text: `${value} (unknown)` });
  return select(id, label, options, value, onChange);
}

/** A release chosen from the URL: the release the knowledge base holds, or the unknown text and why. */
interface ReleaseChoice {
  value: string;
  /** Set when the URL names a release the knowledge base does not hold: a sentence saying so. */
  problem: string | null;
}

/**
 * The release a URL parameter names ("1.20", also "v1.20" and "1.20.3" as the API accepts them), the
 * fallback when the parameter is absent, or, for a release the knowledge base does not hold, that text with a
 * sentence saying so: a link to an unknown release must not silently show another range.
 */
export function chooseRelease(
  releases: Release[],
  wanted: string | undefined,
  fallback: string,
  role: string,
): ReleaseChoice {
  if (wanted === undefined || wanted.trim() === '')
    return { value: knownRelease(releases, undefined, fallback), problem: null };
  let key: number | null = null;
  try {
    key = parseVersion(wanted);
  } catch {
    key = null;
  }
  const known = key === null ? undefined : releases.find((r) => parseVersion(r.version) === key);
  if (known) return { value: known.version, problem: null };
  const range = releases.length ? `${releases[0].version} to ${releases[releases.length - 1].version}` : 'no release';
  const what = key === null ? 'is not a Kubernetes release (write it as 1.20)' : 'is not a release netkb knows';
  return {
    value: wanted,
    problem: `The link asks for “${wanted}” as ${role}, which ${what}: netkb covers ${range}. Choose a release below.`,
  };
}

/** A release the knowledge base holds, or the fallback. */
function knownRelease(releases: Release[], wanted: string | undefined, fallback: string): string {
  return wanted && releases.some((r) => r.version === wanted)
    ? wanted
    : releases.some((r) => r.version === fallback)
      ? fallback
      : (releases[0]?.version ?? fallback);
}

/** Says which releases of a link are unknown; null when both are known. */
export function releaseProblems(...choices: ReleaseChoice[]): HTMLElement | null {
  const problems = choices.map((c) => c.problem).filter((p): p is string => p !== null);
  if (problems.length === 0) return null;
  return h(
    'div',
    { className: 'error', role: 'alert', id: 'release-problem' },
    problems.map((p) => h('p', {}, p)),
  );
}

/**
 * Shows the view's title while the releases load; on failure shows the error, with a Retry button that calls
 * retry (the view's render again), and answers null.
 */
export async function releasesOrError(
  root: HTMLElement,
  titleText: string,
  retry: () => void,
): Promise<Release[] | null> {
  const title = () => h('h2', { id: 'view-title' }, titleText);
  fill(root, title(), loading('Loading releases…'));
  try {
    return await loadReleases();
  } catch (err) {
    fill(root, title(), errorBox(err, retry));
    return null;
  }
}

/**
 * The releases a view shows when the link names none: the newest release the knowledge base holds that is not
 * preliminary (its notes are final) as “to”, and the one before it as “from”: the upgrade most clusters face
 * next. Read from the API's release list, so the defaults move on as the knowledge base does.
 */
export function defaultReleases(releases: Release[]): { from: string; to: string } {
  const final = releases.filter((r) => !r.preliminary);
  const list = final.length > 0 ? final : releases;
  const to = list[list.length - 1]?.version ?? '';
  const from = list[list.length - 2]?.version ?? to;
  return { from, to };
}

/** Severities are told apart by a symbol and a word, not by colour alone (the one vocabulary: SEVERITY_TERMS). */
export const SEVERITY: Record<Severity, { icon: string; text: string }> = {
  BREAKING: { icon: SEVERITY_TERMS.BREAKING.symbol, text: SEVERITY_TERMS.BREAKING.word },
  WARNING: { icon: SEVERITY_TERMS.WARNING.symbol, text: SEVERITY_TERMS.WARNING.word },
  INFO: { icon: SEVERITY_TERMS.INFO.symbol, text: SEVERITY_TERMS.INFO.word },
};

/** A finding's severity as a tag: icon and word. */
export function severityTag(severity: Severity): HTMLElement {
  return h(
    'span',
    { className: `tag tag-${severity.toLowerCase()}` },
    `${SEVERITY[severity].icon} ${SEVERITY[severity].text}`,
  );
}

/** "3 objects", "1 object". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "Kind namespace/name", or the document's number when the object has no kind. */
export function objectLabel(r: {
  kind: string | null;
  name: string | null;
  namespace: string | null;
  documentIndex: number;
  origin?: ResourceRef['origin'];
}): string {
  // An object read from a cluster says how it was checked, in the words of the CLI's reports (originSuffix).
  const origin = r.origin ? originSuffix({ origin: r.origin }) : '';
  return r.kind
    ? `${r.kind}${r.name ? ` ${r.namespace ? `${r.namespace}/` : ''}${r.name}` : ''}${origin}`
    : `document ${r.documentIndex + 1}`;
}

const renders = new WeakMap<HTMLElement, object>();

/**
 * Marks a render into root as the latest and answers a check of whether it still is: a render whose answers
 * arrive after a newer one started (a quick second change of a picker) must not overwrite it.
 */
export function latestRender(root: HTMLElement): () => boolean {
  const token = {};
  renders.set(root, token);
  return () => renders.get(root) === token;
}

/** Text cut at a word before max characters, with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * The one-line summary of a conversion: what was converted, its objects, its changes and what was not
 * converted, marked by the most severe of those (a warning is not shown as breaking).
 */
export function conversionHeadline(
  id: string,
  title: string,
  objects: string,
  changes: number,
  unconverted: { severity: Severity }[],
): HTMLElement {
  const worst = (['BREAKING', 'WARNING', 'INFO'] as const).find((s) => unconverted.some((f) => f.severity === s));
  return h(
    'p',
    { className: 'report-summary', id },
    h('strong', {}, title),
    `, ${objects}: `,
    h('span', { className: 'sev' }, `✎ ${plural(changes, 'change')}`),
    ', ',
    h(
      'span',
      { className: worst ? `sev sev-${worst.toLowerCase()}` : 'sev' },
      `${worst ? SEVERITY[worst].icon : '✔'} ${unconverted.length} not converted`,
    ),
  );
}
