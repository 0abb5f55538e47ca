// The manifest check's "To Gateway API" answer: ingressToGateway's Gateway API objects (new objects, so shown
// whole rather than as a diff), what was made from which input line, and what was not converted and why.
import type { Operation } from '../api';
import { h } from '../dom';
import type { ManifestToGatewayQuery, ManifestToGatewayQueryVariables } from '../generated/operations';
import { saveFile } from '../save-file';
import { conversionHeadline, objectLabel, plural, severityTag } from './common';

export const TO_GATEWAY: Operation<ManifestToGatewayQuery, ManifestToGatewayQueryVariables> =
  /* GraphQL */ `query ManifestToGateway($manifest: String!) {
  ingressToGateway(manifest: $manifest) {
    manifest
    changes { ruleId line description resource { kind name namespace documentIndex line } }
    unconverted { ruleId severity line message gatewayApiRelease resource { kind name namespace documentIndex line } }
    unprotected { name namespace lost { description annotation line ingress { name namespace } } }
  }
}`;

type ApiGatewayConversion = ManifestToGatewayQuery['ingressToGateway'];

/** manifest.yaml → manifest.gateway.yaml */
function gatewayFileName(file: string): string {
  const base = file.includes(', ') ? 'manifest' : file.replace(/\.(ya?ml|json)$/i, '');
  return `${base || 'manifest'}.gateway.yaml`;
}

export function renderGatewayConversion(result: ApiGatewayConversion, file: string): HTMLElement {
  const objects = (result.manifest.match(/^kind: /gm) ?? []).length;
  const headline = conversionHeadline(
    'gateway-summary',
    'Ingress → Gateway API',
    `${plural(objects, 'object')} made`,
    result.changes.length,
    result.unconverted,
  );
  const actions = h(
    'div',
    { className: 'downloads', role: 'group', 'aria-label': 'The Gateway API objects' },
    h(
      'button',
      {
        type: 'button',
        className: 'secondary',
        id: 'gateway-download',
        disabled: result.manifest === '',
        onclick: () => saveFile(result.manifest, gatewayFileName(file), 'application/yaml'),
      },
      'Download Gateway API objects',
    ),
  );
  const list = (id: string, items: HTMLElement[], empty: HTMLElement) =>
    items.length === 0 ? empty : h('ol', { className: 'findings', id }, items);
  const changes = h(
    'section',
    { className: 'convert-changes', 'aria-labelledby': 'gateway-changes-title' },
    h('h3', { id: 'gateway-changes-title' }, `Made (${result.changes.length})`),
    list(
      'gateway-changes',
      result.changes.map((c) =>
        h(
          'li',
          { className: 'finding change', 'data-line': c.line, 'data-rule': c.ruleId },
          h('span', { className: 'tag' }, '✎ made'),
          ` line ${c.line} `,
          h('span', { className: 'object' }, objectLabel(c.resource)),
          h('p', { className: 'message' }, c.description),
        ),
      ),
      h('p', { className: 'quiet' }, 'Nothing was made.'),
    ),
  );
  const unconverted = h(
    'section',
    { className: 'convert-unconverted', 'aria-labelledby': 'gateway-unconverted-title' },
    h('h3', { id: 'gateway-unconverted-title' }, `Not converted (${result.unconverted.length})`),
    list(
      'gateway-unconverted',
      result.unconverted.map((f) =>
        h(
          'li',
          { className: `finding finding-${f.severity.toLowerCase()}`, 'data-line': f.line, 'data-rule': f.ruleId },
          severityTag(f.severity),
          ` line ${f.line} `,
          h('span', { className: 'object' }, objectLabel(f.resource)),
          h('p', { className: 'message' }, f.message),
        ),
      ),
      h('p', { className: 'all-clear' }, '✔ Everything in the Ingresses was converted.'),
    ),
  );
  // Routes that serve what the Ingress protected: said first, before the objects can be downloaded.
  const unprotected =
    result.unprotected.length === 0
      ? null
      : h(
          'section',
          {
            className: 'error',
            role: 'alert',
            id: 'gateway-unprotected',
            'aria-labelledby': 'gateway-unprotected-title',
          },
          h(
            'h3',
            { id: 'gateway-unprotected-title' },
            `✖ ${plural(result.unprotected.length, 'route')} UNPROTECTED: do not apply before your implementation's own policy protects ${result.unprotected.length === 1 ? 'it' : 'them'}`,
          ),
          h(
            'ul',
            {},
            result.unprotected.map((r) =>
              h(
                'li',
                { 'data-route': r.name },
                h('span', { className: 'object' }, `HTTPRoute ${r.namespace ? `${r.namespace}/` : ''}${r.name}`),
                ` serves without ${r.lost
                  .map(
                    (l) =>
                      `${l.description} (${l.annotation}, line ${l.line}${l.ingress.name ? ` of Ingress ${l.ingress.namespace ? `${l.ingress.namespace}/` : ''}${l.ingress.name}` : ''})`,
                  )
                  .join(', ')}`,
              ),
            ),
          ),
        );
  const bundle = result.unconverted.find((f) => f.gatewayApiRelease)?.gatewayApiRelease;
  const output = h(
    'div',
    { className: 'report-code' },
    h('h3', {}, `${file} → Gateway API${bundle ? ` ${bundle}` : ''}`),
    result.manifest === ''
      ? h('p', { className: 'quiet', id: 'gateway-empty' }, 'No Gateway API object could be made.')
      : h('pre', { className: 'code', id: 'gateway-manifest' }, h('code', {}, result.manifest)),
  );
  return h(
    'div',
    { id: 'gateway-result' },
    headline,
    ...(unprotected ? [unprotected] : []),
    actions,
    h('div', { className: 'report-columns' }, h('div', { className: 'report-findings' }, changes, unconverted), output),
  );
}
