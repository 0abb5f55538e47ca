// netkb import k8s-source API_REPO [--files DIR]: regenerates seed/generated/ from Kubernetes' source.
import { join } from 'node:path';
import { seedDir } from '../config';
import type { CliIo } from './io';
import { parseVerbArgs } from './verb-args';

const IMPORT_K8S_SOURCE_HELP = `Usage: netkb import k8s-source API_REPO [--config-repo NAME=DIR]... [--files DIR] [--seed DIR]

Regenerates the index of facts taken from Kubernetes' own source (seed/generated/), which the curated
seed is checked against (npm run seed:check, npm test). What is read is set in seed/generated/k8s-source.yaml.

  API_REPO        a clone of kubernetes/api with its release tags (a bare mirror is enough): every
                  group/version/kind registered at each tag kubernetes-X.Y.0 and on the development branch,
                  the prerelease lifecycle markers, and the field paths of the kinds api.fieldKinds
                  lists (the networking kinds, and those whose api-versions records carry migration notes)
                  -> api-versions.json, api-fields.json
  --config-repo NAME=DIR
                  a clone of a component's staging repository with its release tags (kube-proxy=
                  kubernetes/kube-proxy, kubelet=kubernetes/kubelet, kube-scheduler=
                  kubernetes/kube-scheduler): the field paths of each component-config version at every
                  release, and so the releases that declare it -> component-config-fields.json; with them
                  the repositories of the packages k8s-source.yaml configPackages names (component-base=
                  kubernetes/component-base, apimachinery=..., apiserver=...), whose types are walked too
  --files DIR     single files of kubernetes/kubernetes laid out at their repository paths, with
                  DIR/MANIFEST.tsv naming the commit of each (path<TAB>commit): the versioned feature-gate
                  list and the metrics files -> feature-gates.json, metrics.json
  --seed DIR      the seed folder to write into (default: NETKB_SEED_DIR or ./seed)
  -h, --help      this text

Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export async function runImportK8sSource(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseVerbArgs(
    { name: 'import k8s-source', help: IMPORT_K8S_SOURCE_HELP },
    argv,
    {
      files: { type: 'string' },
      seed: { type: 'string' },
      'config-repo': { type: 'string', multiple: true },
    },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const [apiRepo, ...extra] = parsed.positionals;
  if (!apiRepo || extra.length > 0) {
    io.stderr(
      `netkb import k8s-source: name exactly one API_REPO (a kubernetes/api clone)\n\n${IMPORT_K8S_SOURCE_HELP}`,
    );
    return 2;
  }
  const configRepos = new Map<string, string>();
  for (const pair of parsed.values['config-repo'] ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) {
      io.stderr(
        `netkb import k8s-source: --config-repo takes NAME=DIR, such as kube-proxy=../kube-proxy (got "${pair}")\n`,
      );
      return 2;
    }
    configRepos.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const { importApiSource, importKubernetesFiles, importComponentConfigs, readImportConfig } =
    await import('../importer/k8s-source/run');
  const seed = parsed.values.seed ?? seedDir();
  const outDir = join(seed, 'generated');
  try {
    const config = readImportConfig(join(outDir, 'k8s-source.yaml'));
    const api = importApiSource(apiRepo, outDir, config);
    io.stdout(
      `read ${api.counts.releases} releases of ${apiRepo}: ${api.counts.apiVersions} group/version/kinds, fields of ${api.counts.fieldKinds} kinds\n`,
    );
    const written = [...api.written];
    if (configRepos.size > 0) {
      const c = importComponentConfigs(configRepos, outDir, config);
      io.stdout(`read ${c.counts.componentConfigs} component-config repositories: ${c.counts.paths} field paths\n`);
      written.push(...c.written);
    }
    if (parsed.values.files) {
      const k = importKubernetesFiles(parsed.values.files, outDir, config);
      io.stdout(`read ${parsed.values.files}: ${k.counts.featureGates} feature gates, ${k.counts.metrics} metrics\n`);
      if (k.skipped && k.skipped.length > 0)
        io.stdout(`left out (no constants file names the gate): ${k.skipped.join(', ')}\n`);
      written.push(...k.written);
    }
    io.stdout(`wrote ${written.join(', ')}\nnext: review the diff, then npm run seed:check\n`);
    return 0;
  } catch (err) {
    const e = err as Error;
    if (e.name === 'SourceRepoError' || e.name === 'SourceFormatError' || /k8s-source\.yaml/.test(e.message)) {
      io.stderr(`netkb import k8s-source: ${e.message}\n`);
      return 2;
    }
    throw err;
  }
}
