// Manifest check: paste or drop a manifest, choose the releases, see the findings grouped by the release
// where they bite with the manifest's lines marked, and download the report as JSON, SARIF or markdown; or
// convert it (convertManifest) and see the rewrite as a line diff (./convert-result.ts), or turn its Ingresses
// into Gateway API objects (ingressToGateway, ./gateway-result.ts).
import { ApiError, gql, type Operation } from '../api';
import { fill, h } from '../dom';
import { EXAMPLE_MANIFEST } from '../example-manifest';
import type { ManifestCheckQuery, ManifestCheckQueryVariables, Severity } from '../generated/operations';
import type { View } from './view';
import { readParams } from '../url-state';
import { REPORT_FILES, reportFile, type ApiFinding, type ApiReport, type ReportFormat } from '../report-files';
import { saveFile } from '../save-file';
import { compareVersions } from '../../../src/kb/version';
import { coverageText } from '../../../src/analysis/report/coverage';
import { findingGroupItem, groupFindings, parseSeverities, severityFilter, SEVERITIES } from './check-findings';
import {
  chooseRelease,
  defaultReleases,
  errorBox,
  loading,
  releaseProblems,
  releasesOrError,
  releaseSelect,
  SEVERITY,
} from './common';
import { CONVERT, renderConversion } from './convert-result';
import { bundleFor, GATEWAY_FIT, renderGatewayConversion, TO_GATEWAY } from './gateway-result';

const REPORT: Operation<ManifestCheckQuery, ManifestCheckQueryVariables> = /* GraphQL */ `query ManifestCheck(
  $from: KubeVersion!
  $to: KubeVersion!
  $manifest: String
  $apiserverMetrics: String
  $auditLog: String
) {
  upgradeReport(from: $from, to: $to, manifest: $manifest, apiserverMetrics: $apiserverMetrics, auditLog: $auditLog) {
    from to path documents summary { breaking warning info notChecked alreadyAtFrom }
    coverage { objects checked notCovered { apiVersion kind objects } }
    findings {
      ruleId messageId severity effectiveIn since alreadyAtFrom gatewayApiRelease line path message fix replacement checked
      resource { apiVersion kind name namespace documentIndex line origin { source liveApiVersion helmRelease { namespace name revision chart template manifestLine } apiRequest { recordedIn resource subresource removedRelease callers { user userAgent verbs requests } } } }
      change { id version gatewayApiRelease kind summary actionRequired sigs components prs authors subjects { __typename ... on Node { id } } sources imported }
    }
  }
}`;

/** The manifest survives a reload of the tab; it is not put in the URL (it may be large or private). */
const STORED = 'netkb.check.manifest';
const STORED_NAME = 'netkb.check.file';

export const checkView: View = {
  id: 'check',
  title: 'Manifest check',
  carries: ['from', 'to'],
  async render(root, params, update) {
    const title = () => h('h2', { id: 'view-title' }, 'Manifest check');
    const releases = await releasesOrError(root, 'Manifest check', () => {
      void checkView.render(root, readParams(), update);
    });
    if (!releases) return;
    const defaults = defaultReleases(releases);
    const fromChoice = chooseRelease(releases, params.from, defaults.from, '“cluster runs”');
    const toChoice = chooseRelease(releases, params.to, defaults.to, '“upgrade to”');
    let from = fromChoice.value;
    let to = toChoice.value;
    const unknownRelease = () => [from, to].find((v) => !releases.some((r) => r.version === v));
    const problems = releaseProblems(fromChoice, toChoice);
    /** Once both pickers hold releases netkb knows, the message about the link's unknown one has done its job. */
    const chose = () => {
      update({ from, to });
      if (unknownRelease() === undefined) problems?.remove();
    };
    let fileName = sessionStorage.getItem(STORED_NAME) ?? 'manifest.yaml';

    const textarea = h('textarea', {
      id: 'manifest',
      name: 'manifest',
      rows: 16,
      spellcheck: 'false',
      autocomplete: 'off',
      placeholder: 'Paste YAML or JSON here (several documents, kind: List, Helm output), or drop a file.',
      'aria-describedby': 'manifest-help',
    });
    textarea.value = sessionStorage.getItem(STORED) ?? '';
    textarea.addEventListener('input', () => sessionStorage.setItem(STORED, textarea.value));
    const nameOut = h('span', { className: 'file-name', id: 'manifest-file' }, fileName);
    const setManifest = (text: string, name: string) => {
      textarea.value = text;
      fileName = name;
      nameOut.textContent = name;
      sessionStorage.setItem(STORED, text);
      sessionStorage.setItem(STORED_NAME, name);
    };
    const fileInput = h('input', {
      id: 'manifest-upload',
      type: 'file',
      accept: '.yaml,.yml,.json,text/yaml,application/json',
      className: 'visually-hidden',
      onchange: (e: Event) => {
        const file = (e.target as HTMLInputElement).files?.[0];
        if (file) void file.text().then((text) => setManifest(text, file.name));
      },
    });
    const drop = h('div', { className: 'drop-zone' }, textarea);
    drop.addEventListener('dragover', (e) => {
      e.preventDefault();
      drop.classList.add('dragging');
    });
    drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
    drop.addEventListener('drop', (e) => {
      e.preventDefault();
      drop.classList.remove('dragging');
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      void Promise.all(files.map((f) => f.text())).then((texts) =>
        setManifest(texts.join('\n---\n'), files.map((f) => f.name).join(', ')),
      );
    });

    // The API server's record (docs/cluster.md): optional, checked beside the manifest or alone.
    const recordArea = (id: string, placeholder: string) =>
      h('textarea', { id, name: id, rows: 6, spellcheck: 'false', autocomplete: 'off', placeholder });
    const metricsArea = recordArea('apiserver-metrics', 'The output of kubectl get --raw /metrics');
    const auditArea = recordArea('audit-log', 'Audit log lines (JSON), e.g. those with "k8s.io/deprecated":"true"');
    const record = h(
      'details',
      { className: 'apiserver-record', id: 'apiserver-record' },
      h('summary', {}, 'The API server’s record (optional): deprecated APIs clients still call'),
      h('label', { for: 'apiserver-metrics', className: 'field-label' }, 'Metrics'),
      metricsArea,
      h('label', { for: 'audit-log', className: 'field-label' }, 'Audit log'),
      auditArea,
      h(
        'p',
        { className: 'help' },
        'Each deprecated API version the metrics name is checked like an object of it; the audit log names its callers.',
      ),
    );
    const recordText = (area: HTMLTextAreaElement) => (area.value.trim() === '' ? null : area.value);

    const results = h('div', { className: 'results', id: 'check-results', 'aria-live': 'polite' });
    /** Checks (upgradeReport) or converts (convertManifest) what the editor holds; both show errors alike. */
    const run = async (action: 'check' | 'convert' | 'gateway' = 'check') => {
      const unknown = unknownRelease();
      if (unknown !== undefined) {
        fill(
          results,
          h(
            'p',
            { className: 'error', role: 'alert' },
            `netkb does not know release “${unknown}”: choose the releases above first.`,
          ),
        );
        return;
      }
      if (compareVersions(from, to) > 0) {
        fill(
          results,
          h(
            'p',
            { className: 'error', role: 'alert' },
            `“From” (${from}) is after “to” (${to}): choose an older release first.`,
          ),
        );
        return;
      }
      const apiserverMetrics = action === 'check' ? recordText(metricsArea) : null;
      const auditLog = action === 'check' ? recordText(auditArea) : null;
      if (textarea.value.trim() === '' && apiserverMetrics === null && auditLog === null) {
        fill(
          results,
          h(
            'p',
            { className: 'error', role: 'alert' },
            action === 'check'
              ? 'Paste a manifest, drop a file, load the example, or give the API server’s record first.'
              : 'Paste a manifest, drop a file, or load the example first.',
          ),
        );
        return;
      }
      const manifest = textarea.value;
      const file = fileName;
      results.setAttribute('aria-busy', 'true');
      fill(
        results,
        loading(
          action === 'gateway'
            ? `Converting the Ingresses of ${file} to Gateway API…`
            : `${action === 'check' ? 'Checking' : 'Converting'} ${file} from ${from} to ${to}…`,
        ),
      );
      try {
        if (action === 'check') {
          const { upgradeReport } = await gql(REPORT, {
            from,
            to,
            manifest: manifest.trim() === '' ? null : manifest,
            apiserverMetrics,
            auditLog,
          });
          fill(
            results,
            renderReport(upgradeReport, manifest, file, readParams().severity, (severity) =>
              // A filter of a report only this page holds: Back to it would show no report, so no new entry.
              update({ severity }, 'replace'),
            ),
          );
        } else if (action === 'gateway') {
          // Written for the bundle that fits the releases chosen on the page, as the Gateway API view recommends.
          const { gatewayApiReleases } = await gql(GATEWAY_FIT, {});
          const choice = bundleFor(gatewayApiReleases, from, to);
          const { ingressToGateway } = await gql(TO_GATEWAY, { manifest, gatewayApi: choice.gatewayApi });
          fill(results, renderGatewayConversion(ingressToGateway, file, choice.why));
        } else {
          const { convertManifest } = await gql(CONVERT, { from, to, manifest });
          fill(
            results,
            renderConversion(convertManifest, manifest, file, (converted) => setManifest(converted, file)),
          );
        }
      } catch (err) {
        fill(
          results,
          manifestError(err, manifest, () => void run(action)),
        );
      } finally {
        results.setAttribute('aria-busy', 'false');
      }
    };

    const form = h(
      'form',
      {
        className: 'check-form',
        onsubmit: (e: Event) => {
          e.preventDefault();
          void run();
        },
      },
      h(
        'div',
        { className: 'manifest-input' },
        h('label', { for: 'manifest', className: 'field-label' }, 'Manifest ', nameOut),
        drop,
        record,
        h(
          'p',
          { id: 'manifest-help', className: 'help' },
          'Nothing leaves this server: the manifest is sent only to netkb’s own API.',
        ),
        h(
          'div',
          { className: 'buttons' },
          h(
            'label',
            {
              for: 'manifest-upload',
              className: 'button secondary',
              tabindex: 0,
              role: 'button',
              onkeydown: (e: Event) => {
                const k = (e as KeyboardEvent).key;
                if (k === 'Enter' || k === ' ') {
                  e.preventDefault();
                  fileInput.click();
                }
              },
            },
            'Open a file…',
          ),
          fileInput,
          h(
            'button',
            {
              type: 'button',
              className: 'secondary',
              id: 'load-example',
              onclick: () => setManifest(EXAMPLE_MANIFEST, 'example.yaml'),
            },
            'Load an example',
          ),
        ),
      ),
      h(
        'div',
        { className: 'controls' },
        releaseSelect('check-from', 'Cluster runs', releases, from, (v) => {
          from = v;
          chose();
        }),
        releaseSelect('check-to', 'Upgrade to', releases, to, (v) => {
          to = v;
          chose();
        }),
        h('button', { type: 'submit', id: 'check-run', className: 'primary' }, 'Check manifest'),
        h(
          'button',
          { type: 'button', id: 'convert-run', className: 'secondary', onclick: () => void run('convert') },
          'Convert',
        ),
        h(
          'button',
          { type: 'button', id: 'gateway-run', className: 'secondary', onclick: () => void run('gateway') },
          'To Gateway API',
        ),
      ),
    );
    fill(
      root,
      title(),
      h(
        'p',
        { className: 'lede' },
        'What breaks or changes when this manifest meets each release on the way, at the release where it bites.',
      ),
      problems,
      form,
      results,
    );
    // The releases chosen for a link without them (the defaults) are written in place, not as a new entry.
    update({ from, to }, 'replace');
    // The API server's record is not kept by the tab: only a manifest can be there to check at once.
    if (params.run === '1') {
      if (textarea.value.trim() !== '') await run();
      else fill(results, notInLink());
    }
  },
};

/**
 * A link that asks to check at once (run=1), opened in a tab that holds no manifest (a colleague's): the
 * manifest is never put in a link, so say so and what to do, rather than show nothing.
 */
function notInLink(): HTMLElement {
  return h(
    'div',
    { className: 'notice', role: 'status', id: 'run-without-manifest' },
    h(
      'p',
      {},
      h('strong', {}, 'This link asks to check a manifest at once, but the manifest is not part of the link. '),
      'netkb never puts a manifest in a URL (it may be private, and large): it stays in the browser tab that checked it.',
    ),
    h(
      'p',
      {},
      'Paste the manifest above, drop its file on it, or open it, then choose “Check manifest”; the releases of the link are already chosen. ',
      'To share what a check found, download its report and send it along with the link.',
    ),
  );
}

function manifestError(err: unknown, manifest: string, retry: () => void): HTMLElement {
  const line = err instanceof ApiError && typeof err.extensions.line === 'number' ? err.extensions.line : null;
  if (line === null) return errorBox(err, retry);
  return h(
    'div',
    {},
    errorBox(err),
    codeView(manifest, new Map([[line, [{ severity: 'BREAKING', label: 'the manifest cannot be read here' }]]])),
  );
}

interface LineMark {
  severity: ApiFinding['severity'];
  label: string;
}

function renderReport(
  report: ApiReport,
  manifest: string,
  file: string,
  severityParam: string | undefined,
  writeSeverity: (value: string) => void,
): HTMLElement {
  const { breaking, warning, info } = report.summary;
  const marks = new Map<number, LineMark[]>();
  // A request the API server recorded has its line in the metrics or audit log, not in the manifest.
  report.findings.forEach((f) => {
    if (f.resource.origin?.apiRequest) return;
    const list = marks.get(f.line) ?? [];
    list.push({ severity: f.severity, label: `${SEVERITY[f.severity].text} in ${f.effectiveIn}` });
    marks.set(f.line, list);
  });
  const code = codeView(manifest, marks);
  const downloads = h(
    'div',
    { className: 'downloads', role: 'group', 'aria-label': 'Download the report' },
    h('span', {}, 'Download:'),
    (Object.keys(REPORT_FILES) as ReportFormat[]).map((format) =>
      h(
        'button',
        {
          type: 'button',
          className: 'secondary',
          'data-format': format,
          onclick: () => download(report, file, format),
        },
        REPORT_FILES[format].label,
      ),
    ),
  );
  const headline = h(
    'p',
    { className: 'report-summary', id: 'report-summary' },
    h('strong', {}, `${report.from} → ${report.to}`),
    `, ${report.documents} object${report.documents === 1 ? '' : 's'}: `,
    h('span', { className: 'sev sev-breaking' }, `${SEVERITY.BREAKING.icon} ${breaking} breaking`),
    ', ',
    h(
      'span',
      { className: 'sev sev-warning' },
      `${SEVERITY.WARNING.icon} ${warning} warning${warning === 1 ? '' : 's'}`,
    ),
    ', ',
    h('span', { className: 'sev sev-info' }, `${SEVERITY.INFO.icon} ${info} info`),
    // What the report covered: the kinds netkb could not check at all are named, never passed over.
    h('span', { className: 'coverage', id: 'report-coverage' }, ` (${coverageText(report.coverage)})`),
  );
  if (report.findings.length === 0)
    return h(
      'div',
      {},
      headline,
      downloads,
      h(
        'p',
        { className: 'all-clear' },
        `✔ Nothing in this manifest breaks or changes from ${report.from} to ${report.to}.`,
      ),
    );
  // Per release where they bite, equal findings as one entry (./check-findings.ts).
  const sections = report.path.flatMap((release) => {
    const entries = groupFindings(report.findings.filter((f) => f.effectiveIn === release));
    if (entries.length === 0) return [];
    const count = h('span', { className: 'date' });
    const section = h(
      'section',
      { className: 'release-group', 'data-release': release, 'aria-labelledby': `bites-${release}` },
      h('h3', { id: `bites-${release}` }, `Kubernetes ${release}`, count),
      h(
        'ol',
        { className: 'findings' },
        entries.map((g) => findingGroupItem(g, (line) => showLine(code, line))),
      ),
    );
    return [{ section, count, entries }];
  });
  const hiddenNote = h('p', { className: 'empty', id: 'findings-hidden', role: 'status' });
  const applySeverities = (shown: Set<Severity>) => {
    let hidden = 0;
    for (const { section, count, entries } of sections) {
      const visible = entries.filter((g) => shown.has(g.finding.severity));
      const findings = visible.reduce((n, g) => n + g.members.length, 0);
      section.querySelectorAll<HTMLElement>('li.finding').forEach((li) => {
        li.hidden = !shown.has(li.dataset.severity as Severity);
      });
      section.hidden = visible.length === 0;
      count.textContent =
        ` · ${findings} finding${findings === 1 ? '' : 's'}` +
        (visible.length < findings ? ` in ${visible.length} entr${visible.length === 1 ? 'y' : 'ies'}` : '');
      hidden += entries.reduce((n, g) => n + (shown.has(g.finding.severity) ? 0 : g.members.length), 0);
    }
    hiddenNote.textContent = hidden ? `${hidden} finding${hidden === 1 ? '' : 's'} hidden by the severity filter.` : '';
    hiddenNote.hidden = hidden === 0;
  };
  const initial = parseSeverities(severityParam);
  const filter = severityFilter({ BREAKING: breaking, WARNING: warning, INFO: info }, initial, (shown) => {
    applySeverities(shown);
    writeSeverity(shown.size === SEVERITIES.length ? '' : SEVERITIES.filter((s) => shown.has(s)).join(','));
  });
  applySeverities(initial);
  return h(
    'div',
    {},
    headline,
    downloads,
    h(
      'div',
      { className: 'report-columns' },
      h(
        'div',
        { className: 'report-findings' },
        filter,
        hiddenNote,
        sections.map((s) => s.section),
      ),
      h('div', { className: 'report-code' }, h('h3', {}, file), code),
    ),
  );
}

/** The manifest with line numbers; lines with findings are marked by a text label and a pattern, not colour alone. */
function codeView(manifest: string, marks: Map<number, LineMark[]>): HTMLElement {
  const lines = manifest.replace(/\r\n?/g, '\n').split('\n');
  // The empty "line" after a final newline is shown only when something points at it (an unclosed YAML flow).
  if (lines.length > 1 && lines[lines.length - 1] === '' && !marks.has(lines.length)) lines.pop();
  const worst = (list: LineMark[]) =>
    list.some((m) => m.severity === 'BREAKING')
      ? 'BREAKING'
      : list.some((m) => m.severity === 'WARNING')
        ? 'WARNING'
        : 'INFO';
  return h(
    'ol',
    { className: 'code', 'aria-label': 'Manifest with marked lines' },
    lines.map((text, i) => {
      const n = i + 1;
      const list = marks.get(n);
      const sev = list ? worst(list) : null;
      return h(
        'li',
        {
          id: `L${n}`,
          className: sev ? `marked line-${sev.toLowerCase()}` : '',
          'data-line': n,
          tabindex: list ? -1 : null,
        },
        h('span', { className: 'ln', 'aria-hidden': 'true' }, n),
        h('code', {}, text || ' '),
        list ? h('span', { className: 'mark' }, `${SEVERITY[sev!].icon} ${list.map((m) => m.label).join('; ')}`) : null,
      );
    }),
  );
}

function showLine(code: HTMLElement, line: number): void {
  const el = code.querySelector<HTMLElement>(`li[data-line="${line}"]`);
  if (!el) return;
  code.querySelectorAll('.current').forEach((c) => c.classList.remove('current'));
  el.classList.add('current');
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.focus({ preventScroll: true });
}

function download(report: ApiReport, file: string, format: ReportFormat): void {
  const spec = REPORT_FILES[format];
  saveFile(reportFile(report, file, format), `netkb-${report.from}-${report.to}.${spec.extension}`, spec.type);
}
