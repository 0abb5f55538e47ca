// The manifest check's "Convert" answer: convertManifest's rewritten manifest as a line diff against the input
// (− removed, + added, as text), the changes and what could not be converted, each with a link to its line.
import type { Operation } from '../api';
import { h } from '../dom';
import type { ManifestConvertQuery, ManifestConvertQueryVariables } from '../generated/operations';
import { foldUnchanged, lineDiff, type DiffLine } from '../line-diff';
import { saveFile } from '../save-file';
import { conversionHeadline, objectLabel, plural, severityTag } from './common';

export const CONVERT: Operation<ManifestConvertQuery, ManifestConvertQueryVariables> =
  /* GraphQL */ `query ManifestConvert($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  convertManifest(from: $from, to: $to, manifest: $manifest) {
    from to path documents manifest
    changes { ruleId line description resource { kind name namespace documentIndex line } }
    unconverted { ruleId severity line message resource { kind name namespace documentIndex line } }
  }
}`;

export type ApiConversion = ManifestConvertQuery['convertManifest'];

const SIGN = {
  same: { text: ' ', label: '' },
  del: { text: '−', label: 'removed: ' },
  add: { text: '+', label: 'added: ' },
} as const;

/** The file name the converted manifest is saved under: manifest.yaml → manifest.converted-1.22.yaml. */
function convertedFileName(file: string, to: string): string {
  const base = file.includes(', ') ? 'manifest' : file.replace(/\.(ya?ml|json)$/i, '');
  return `${base || 'manifest'}.converted-${to}.yaml`;
}

export function renderConversion(
  result: ApiConversion,
  input: string,
  file: string,
  use: (manifest: string) => void,
): HTMLElement {
  const diff = lineDiff(input, result.manifest);
  const edits = diff.filter((l) => l.op !== 'same').length;
  const code = diffView(diff);
  const status = h('p', { className: 'status', id: 'convert-status', role: 'status' });
  const headline = conversionHeadline(
    'convert-summary',
    `${result.from} → ${result.to}`,
    plural(result.documents, 'object'),
    result.changes.length,
    result.unconverted,
  );
  const actions = h(
    'div',
    { className: 'downloads', role: 'group', 'aria-label': 'The converted manifest' },
    h(
      'button',
      {
        type: 'button',
        className: 'secondary',
        id: 'convert-download',
        onclick: () => saveFile(result.manifest, convertedFileName(file, result.to), 'application/yaml'),
      },
      'Download converted manifest',
    ),
    h(
      'button',
      {
        type: 'button',
        className: 'secondary',
        id: 'convert-use',
        onclick: () => {
          use(result.manifest);
          status.textContent = 'The editor now holds the converted manifest: check it, or convert it again.';
        },
      },
      'Use converted manifest',
    ),
  );
  const changes = h(
    'section',
    { className: 'convert-changes', 'aria-labelledby': 'changes-title' },
    h('h3', { id: 'changes-title' }, `Changed (${result.changes.length})`),
    result.changes.length === 0
      ? h('p', { className: 'quiet' }, 'Nothing needed rewriting.')
      : h(
          'ol',
          { className: 'findings', id: 'convert-changes' },
          result.changes.map((c) =>
            h(
              'li',
              { className: 'finding change', 'data-line': c.line, 'data-rule': c.ruleId },
              h('span', { className: 'tag' }, '✎ changed'),
              ' ',
              h(
                'button',
                { type: 'button', className: 'line-link', onclick: () => showLine(code, c.line) },
                `line ${c.line}`,
              ),
              ' ',
              h('span', { className: 'object' }, objectLabel(c.resource)),
              h('p', { className: 'message' }, c.description),
            ),
          ),
        ),
  );
  const unconverted = h(
    'section',
    { className: 'convert-unconverted', 'aria-labelledby': 'unconverted-title' },
    h('h3', { id: 'unconverted-title' }, `Not converted (${result.unconverted.length})`),
    result.unconverted.length === 0
      ? h('p', { className: 'all-clear' }, `✔ Everything that ${result.from} → ${result.to} needs was converted.`)
      : h(
          'ol',
          { className: 'findings', id: 'convert-unconverted' },
          result.unconverted.map((f) =>
            h(
              'li',
              { className: `finding finding-${f.severity.toLowerCase()}`, 'data-line': f.line, 'data-rule': f.ruleId },
              severityTag(f.severity),
              ' ',
              h(
                'button',
                { type: 'button', className: 'line-link', onclick: () => showLine(code, f.line) },
                `line ${f.line}`,
              ),
              ' ',
              h('span', { className: 'object' }, objectLabel(f.resource)),
              h('p', { className: 'message' }, f.message),
            ),
          ),
        ),
  );
  const diffPane = h(
    'div',
    { className: 'report-code' },
    h('h3', {}, `${file} → converted for ${result.to}`),
    edits === 0
      ? h('p', { className: 'quiet', id: 'convert-same' }, 'The converted manifest is the same as the input.')
      : h(
          'p',
          { className: 'help', id: 'diff-legend' },
          `${plural(diff.filter((l) => l.op === 'del').length, 'line')} removed (−), ${plural(diff.filter((l) => l.op === 'add').length, 'line')} added (+); line numbers: input, converted.`,
        ),
    code,
  );
  return h(
    'div',
    { id: 'convert-result' },
    headline,
    actions,
    status,
    h(
      'div',
      { className: 'report-columns' },
      h('div', { className: 'report-findings' }, changes, unconverted),
      diffPane,
    ),
  );
}

/** Both line numbers, the sign as text (−, +) and the line; long unchanged stretches fold behind a button. */
function diffView(diff: DiffLine[]): HTMLElement {
  const list = h('ol', {
    className: 'code diff',
    id: 'convert-diff',
    'aria-label': 'Line diff: input to converted manifest',
  });
  foldUnchanged(diff).forEach((hunk, index) => {
    const rows = hunk.lines.map((l) => diffRow(l, hunk.folded ? index : null));
    if (hunk.folded) {
      const first = hunk.lines[0].oldLine;
      const last = hunk.lines[hunk.lines.length - 1].oldLine;
      list.append(
        h(
          'li',
          { className: 'fold', 'data-fold': index },
          h(
            'button',
            { type: 'button', className: 'line-link', onclick: () => unfold(list, index) },
            `⋯ show ${hunk.lines.length} unchanged lines (input ${first}–${last})`,
          ),
        ),
      );
    }
    list.append(...rows);
  });
  return list;
}

function diffRow(l: DiffLine, fold: number | null): HTMLElement {
  const sign = SIGN[l.op];
  return h(
    'li',
    {
      className: `diff-line diff-${l.op}`,
      'data-op': l.op,
      'data-old-line': l.oldLine,
      'data-new-line': l.newLine,
      'data-fold': fold,
      hidden: fold !== null,
      tabindex: -1,
    },
    h('span', { className: 'ln', 'aria-hidden': 'true' }, l.oldLine ?? ''),
    h('span', { className: 'ln', 'aria-hidden': 'true' }, l.newLine ?? ''),
    h('span', { className: 'sign', 'aria-hidden': 'true' }, sign.text),
    sign.label ? h('span', { className: 'visually-hidden' }, sign.label) : null,
    h('code', {}, l.text || ' '),
  );
}

function unfold(list: HTMLElement, index: number): void {
  list.querySelectorAll<HTMLElement>(`li[data-fold="${index}"]`).forEach((li) => {
    if (li.classList.contains('fold')) li.remove();
    else li.hidden = false;
  });
}

/** Scrolls to the input's line in the diff (unfolding it if needed) and focuses it. */
function showLine(list: HTMLElement, line: number): void {
  const row = list.querySelector<HTMLElement>(`li[data-old-line="${line}"]`);
  if (!row) return;
  if (row.hidden) unfold(list, Number(row.dataset.fold));
  list.querySelectorAll('.current').forEach((c) => c.classList.remove('current'));
  row.classList.add('current');
  row.scrollIntoView({ block: 'center', behavior: 'smooth' });
  row.focus({ preventScroll: true });
}
