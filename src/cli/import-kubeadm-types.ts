// netkb import kubeadm-types DIR: regenerates seed/generated/kubeadm-fields.json from single files of
// kubernetes/kubernetes (the types.go of each kubeadm configuration version).
import { join } from 'node:path';
import type { CliIo } from './io';
import { runImportVerb } from './import-verb';

const IMPORT_KUBEADM_TYPES_HELP = `Usage: netkb import kubeadm-types DIR [--out DIR] [--config FILE]

Regenerates the field paths of kubeadm's configuration files (kubeadm-fields.json): for each version the
source names (kubeadm.k8s.io v1beta1 to v1beta4), the json paths of each kind read from the version's
types.go, walking the types of the other kubeadm packages the source names (bootstraptoken/v1). One copy of
each file is read, at the commit DIR/MANIFEST.tsv names; a field of a kubeadm file that the copy of its
version lacks is reported as not checked.

  DIR              single files of kubernetes/kubernetes at their repository paths, with DIR/MANIFEST.tsv
                   naming the commit of each (path<TAB>commit), as netkb import k8s-source --files takes them
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: kubeadm-types-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import kubeadm-types ../k8s-files
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export function runImportKubeadmTypes(argv: string[], io: CliIo): Promise<number> {
  return runImportVerb(
    {
      name: 'import kubeadm-types',
      help: IMPORT_KUBEADM_TYPES_HELP,
      positionals: ['DIR'],
      async run({ positionals: [dir], out, config, generated }) {
        const { buildKubeadmFields, readKubeadmTypesSource, writeKubeadmFields } =
          await import('../importer/kubeadm-types/run');
        const { KUBEADM_TYPES_SOURCE_FILE } = await import('../seed/kubeadm-fields-index');
        const source = readKubeadmTypesSource(config ?? join(generated, KUBEADM_TYPES_SOURCE_FILE));
        const index = buildKubeadmFields(dir, source);
        const file = writeKubeadmFields(index, out);
        const paths = index.versions.reduce((n, v) => n + v.kinds.reduce((m, k) => m + k.paths.length, 0), 0);
        return `read ${index.versions.length} kubeadm versions of ${dir}: ${paths} field paths\nwrote ${file}\n`;
      },
    },
    argv,
    io,
  );
}
