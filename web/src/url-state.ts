// The URL holds the state: view and choices are query parameters of "/", so any view can be linked to.
export type Params = Record<string, string>;

/**
 * How a change reaches the browser's history: 'push' for a deliberate choice (a release, a SIG, a view), so
 * Back returns to the choice before it; 'replace' for what is not a place to go back to (each keystroke of a
 * name filter, a view writing the defaults it chose into the URL).
 */
export type HistoryMode = 'push' | 'replace';

export function readParams(): Params {
  return Object.fromEntries(new URLSearchParams(location.search));
}

/** The URL of "/" with these parameters (empty ones left out). */
export function urlOf(params: Params): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined)).toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** Writes the state into the URL: a new history entry (push) or in place of the current one (replace). */
export function writeParams(params: Params, mode: HistoryMode): void {
  const url = urlOf(params);
  if (url === `${location.pathname}${location.search}`) return;
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}
