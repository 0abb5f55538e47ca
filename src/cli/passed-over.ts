// Which files a directory walk passes over instead of refusing: `netkb check .` in a repository meets Helm
// values and Chart.yaml files, kustomizations, CI and tool configuration, and chart templates, none of which
// is a manifest. A file the walk found (never one named on the command line, nor stdin) that was refused is
// passed over, with a note saying why, when the refusal itself is the evidence that it is no manifest:
// - NOT_A_MANIFEST: empty, only comments, or none of its documents has apiVersion and kind;
// - KUSTOMIZATION: a kustomization (by its file name, or its kustomize.config.k8s.io apiVersion);
// - TEMPLATE_NOT_RENDERED in the templates/ folder of a Helm chart (a folder holding Chart.yaml);
// - invalid YAML or a template anywhere, when the text "apiVersion" appears nowhere in the file: it names
//   no API version, so it holds no Kubernetes object.
// Everything else a walk finds and cannot check (a file naming an apiVersion that is invalid YAML or an
// unrendered template outside a chart, binary data, an unreadable file, a file over the limit) stays an error.
import { readFileSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import type { Input } from './files';
import type { InputError, SkippedFile } from './formats/types';

/** The note for `input` refused with `error`, when it is to be passed over rather than reported as an error. */
export function passedOver(input: Input, error: InputError): SkippedFile | null {
  if (!input.found) return null;
  const { chart } = input.found;
  const file = input.name;
  const skipped = (message: string): SkippedFile => ({ file, ...error, message });
  const inChart = chart !== null && resolve(dirname(file)) === resolve(chart);
  switch (error.code) {
    case 'NOT_A_MANIFEST':
      if (inChart && basename(file) === 'Chart.yaml')
        return skipped(`the Helm chart's Chart.yaml (its name and version), not a manifest`);
      if (inChart && /^values.*\.ya?ml$/i.test(basename(file)))
        return skipped(
          `values of the Helm chart ${chart}, not a manifest: check the output of \`helm template ${chart}\``,
        );
      return skipped(error.message);
    case 'KUSTOMIZATION':
      return skipped(
        `a kustomization, not a manifest: check the output of \`kustomize build ${dirname(file)}\` (or \`kubectl kustomize\`)`,
      );
    case 'TEMPLATE_NOT_RENDERED':
      if (chart !== null && relative(chart, file).split(sep)[0] === 'templates')
        return skipped(
          `a template of the Helm chart ${chart} (template markers from line ${error.line}, column ${error.column}), ` +
            `not a manifest: ` +
            `check the output of \`helm template ${chart}\``,
        );
      return namesNoApiVersion(file) ? skipped(`${error.message}; "apiVersion" appears nowhere in it`) : null;
    case 'BAD_USER_INPUT':
      return error.message.startsWith('invalid YAML') && namesNoApiVersion(file)
        ? skipped(`${error.message}; "apiVersion" appears nowhere in it, so it is no manifest`)
        : null;
    default:
      return null;
  }
}

function namesNoApiVersion(file: string): boolean {
  try {
    return readFileSync(file).indexOf('apiVersion') === -1;
  } catch {
    return false;
  }
}
