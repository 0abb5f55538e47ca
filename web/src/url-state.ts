// The URL holds the state: view and choices are query parameters of "/", so any view can be linked to.
export type Params = Record<string, string>;

export function readParams(): Params {
  return Object.fromEntries(new URLSearchParams(location.search));
}

/** Writes the state into the URL. push: a new history entry (a new view); otherwise the entry is replaced. */
export function writeParams(params: Params, push = false): void {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined)).toString();
  const url = `${location.pathname}${search ? `?${search}` : ''}`;
  if (url === `${location.pathname}${location.search}`) return;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}
