// A tiny element builder: the dashboard is plain DOM, no framework.
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'className') el.className = String(value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  }
}

/**
 * The id of a control that had focus when a redraw took it away (a choice made with the arrow keys redraws its
 * view): the first control drawn again with that id gets focus back, as long as focus has gone nowhere else.
 */
let lostFocus: string | null = null;

/** Replaces an element's content, giving focus back to the control it held, drawn again (lostFocus). */
export function fill(el: Element, ...children: (Child | Child[])[]): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.id && el.contains(active)) lostFocus = active.id;
  el.replaceChildren();
  append(el, children);
  if (lostFocus === null) return;
  const again = document.getElementById(lostFocus);
  if (again && el.contains(again)) {
    lostFocus = null;
    if (document.activeElement === null || document.activeElement === document.body) again.focus();
  } else if (document.activeElement !== null && document.activeElement !== document.body) lostFocus = null;
}

/** A labelled <select> whose options are strings. */
export function select(
  id: string,
  label: string,
  options: { value: string; text?: string }[],
  value: string,
  onChange: (v: string) => void,
): HTMLElement {
  const sel = h(
    'select',
    { id, name: id, onchange: (e: Event) => onChange((e.target as HTMLSelectElement).value) },
    options.map((o) => h('option', { value: o.value, selected: o.value === value }, o.text ?? o.value)),
  );
  return h('label', { className: 'field', for: id }, h('span', {}, label), sel);
}

/** Links to upstream pages open elsewhere and tell nothing about this page. */
export function externalLink(href: string, text: string): HTMLAnchorElement {
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, text);
}

/** A pull request of kubernetes/kubernetes, or of another repository (Gateway API's: kubernetes-sigs/gateway-api). */
export function prLink(pr: number, repository = 'kubernetes/kubernetes'): HTMLAnchorElement {
  return externalLink(`https://github.com/${repository}/pull/${pr}`, `#${pr}`);
}
