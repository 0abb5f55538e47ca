// Pieces every view uses: loading and error messages, release pickers.
import { ApiError, type Release } from '../api';
import { h, select } from '../dom';

export function loading(text: string): HTMLElement {
  return h('p', { className: 'loading', role: 'status' }, text);
}

export function errorBox(err: unknown): HTMLElement {
  const code = err instanceof ApiError && err.code ? ` (${err.code})` : '';
  return h('div', { className: 'error', role: 'alert' }, h('strong', {}, 'netkb could not answer'), `${code}: ${(err as Error).message}`);
}

/** A release picker; the preliminary release says so. */
export function releaseSelect(id: string, label: string, releases: Release[], value: string, onChange: (v: string) => void): HTMLElement {
  return select(id, label, releases.map((r) => ({ value: r.version, text: r.preliminary ? `${r.version} (preliminary)` : r.version })), value, onChange);
}

/** A release the knowledge base holds, or the fallback. */
export function knownRelease(releases: Release[], wanted: string | undefined, fallback: string): string {
  return wanted && releases.some((r) => r.version === wanted) ? wanted : releases.some((r) => r.version === fallback) ? fallback : releases[0]?.version ?? fallback;
}
