// The manifest check's "To Gateway API" answer: ingressToGateway's Gateway API objects (new objects, so shown
// whole rather than as a diff), what was made from which input line, and what was not converted and why.
import type { Operation } from '../api';
import { h } from '../dom';
import { fittingBundle } from '../gateway-bundle';
import type {
  GatewayApiFitQuery,
  GatewayApiFitQueryVariables,
  ManifestToGatewayQuery,
  ManifestToGatewayQueryVariables,
} from '../generated/operations';
import { saveFile } from '../save-file';
import { conversionHeadline, objectLabel, plural, severityTag } from './common';

export const TO_GATEWAY: Operation<ManifestToGatewayQuery, ManifestToGatewayQueryVariables> =
  /* GraphQL */ `query ManifestToGateway($manifest: String!, $gatewayApi: String) {
  ingressToGateway(manifest: $manifest, gatewayApi: $gatewayApi) {
    manifest gatewayApiRelease gatewayApiChannel
    changes { ruleId line description resource { kind name namespace documentIndex line } }
    unconverted { ruleId severity line message gatewayApiRelease resource { kind name namespace documentIndex line } }
    unprotected { kind name namespace lost { description annotation line ingress { name namespace } } }
  }
}`;

type ApiGatewayConversion = ManifestToGatewayQuery['ingressToGateway'];

export const GATEWAY_FIT: Operation<GatewayApiFitQuery, GatewayApiFitQueryVariables> =
  /* GraphQL */ `query GatewayApiFit { gatewayApiReleases { version minKubernetes } }`;

/** The bundle to write for on an upgrade from → to, and why it is that one (shown above the objects). */
interface BundleChoice {
  gatewayApi: string | null;
  why: string;
}

/**
 * The bundle the Gateway API view recommends for the cluster's release now (`from`): it fits every release of
 * the upgrade. If none fits `from`, the newest that fits `to` (to install after the upgrade); if none fits
 * either, the server's default (its latest bundle), said as such.
 */
export function bundleFor(bundles: GatewayApiFitQuery['gatewayApiReleases'], from: string, to: string): BundleChoice {
  const now = fittingBundle(bundles, from);
  if (now) return { gatewayApi: now, why: `the newest bundle that supports Kubernetes ${from}, and so ${to} too` };
  const after = fittingBundle(bundles, to);
  if (after)
    return {
      gatewayApi: after,
      why: `no bundle netkb knows supports Kubernetes ${from}: the newest that supports ${to}, to install after the upgrade`,
    };
  return {
    gatewayApi: null,
    why: `no bundle netkb knows supports Kubernetes ${from} or ${to}: the latest bundle, check what your cluster supports`,
  };
}

/** manifest.yaml → manifest.gateway.yaml */
function gatewayFileName(file: string): string {
  const base = file.includes(', ') ? 'manifest' : file.replace(/\.(ya?ml|json)$/i, '');
  return `${base || 'manifest'}.gateway.yaml`;
}

export function renderGatewayConversion(result: ApiGatewayConversion, file: string, why: string): HTMLElement {
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
                h('span', { className: 'object' }, `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}`),
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
  const channel = result.gatewayApiChannel === 'EXPERIMENTAL' ? 'experimental' : 'standard';
  const output = h(
    'div',
    { className: 'report-code' },
    h('h3', {}, `${file} → Gateway API ${result.gatewayApiRelease}`),
    h(
      'p',
      { className: 'quiet', id: 'gateway-bundle' },
      `Written for the ${result.gatewayApiRelease} bundle (${channel} channel): ${why}. `,
      h('a', { href: '?view=gateway' }, 'Compare bundles'),
    ),
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
