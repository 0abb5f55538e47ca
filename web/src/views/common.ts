// Pieces every view uses: loading and error messages, release pickers.
import { ApiError, loadReleases, type Release } from '../api';
import { fill, h, select } from '../dom';
import type { Severity } from '../generated/operations';

export function loading(text: string): HTMLElement {
  return h('p', { className: 'loading', role: 'status' }, text);
}

export function errorBox(err: unknown): HTMLElement {
  const code = err instanceof ApiError && err.code ? ` (${err.code})` : '';
  return h(
    'div',
    { className: 'error', role: 'alert' },
    h('strong', {}, 'netkb could not answer'),
    `${code}: ${(err as Error).message}`,
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
  return select(
    id,
    label,
    releases.map((r) => ({ value: r.version, text: r.preliminary ? `${r.version} (preliminary)` : r.version })),
    value,
    onChange,
  );
}

/** A release the knowledge base holds, or the fallback. */
export function knownRelease(releases: Release[], wanted: string | undefined, fallback: string): string {
  return wanted && releases.some((r) => r.version === wanted)
    ? wanted
    : releases.some((r) => r.version === fallback)
      ? fallback
      : (releases[0]?.version ?? fallback);
}

/** Shows the view's title while the releases load; on failure shows the error and answers null. */
export async function releasesOrError(root: HTMLElement, titleText: string): Promise<Release[] | null> {
  const title = () => h('h2', { id: 'view-title' }, titleText);
  fill(root, title(), loading('Loading releases…'));
  try {
    return await loadReleases();
  } catch (err) {
    fill(root, title(), errorBox(err));
    return null;
  }
}

/** Severities are told apart by an icon and a word, not by colour alone. */
export const SEVERITY: Record<Severity, { icon: string; text: string }> = {
  BREAKING: { icon: '✖', text: 'breaking' },
  WARNING: { icon: '▲', text: 'warning' },
  INFO: { icon: 'ℹ', text: 'info' },
};

/** "Kind namespace/name", or the document's number when the object has no kind. */
export function objectLabel(r: {
  kind: string | null;
  name: string | null;
  namespace: string | null;
  documentIndex: number;
}): string {
  return r.kind
    ? `${r.kind}${r.name ? ` ${r.namespace ? `${r.namespace}/` : ''}${r.name}` : ''}`
    : `document ${r.documentIndex + 1}`;
}
