// `netkb import kubeadm-types DIR`: reads the types.go of each kubeadm configuration version that
// seed/generated/kubeadm-types-source.yaml names, from single files of kubernetes/kubernetes laid out at their
// repository paths in DIR (with MANIFEST.tsv naming each file's commit, as `netkb import k8s-source --files`
// takes them), and writes seed/generated/kubeadm-fields.json: the json field paths of each kind. Types of another
// kubeadm package a version imports (bootstraptoken/v1's BootstrapToken) are walked when the source names the
// package's file; types of other packages (corev1.Taint, metav1.Duration) end a path.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldPaths } from '../k8s-source/api-index';
import { addPackageStructs, readImports, readJsonStructs, type GoField } from '../k8s-source/go-source';
import { singleFiles } from '../k8s-source/run';
import { SourceRepoError } from '../k8s-source/git-tree';
import { readSourceFile } from '../source-file';
import { jsonLinesObject } from '../json-lines';
import {
  KUBEADM_FIELDS_FILE,
  kubeadmTypesSourceSchema,
  type KubeadmFieldsFile,
  type KubeadmTypesSource,
} from '../../seed/kubeadm-fields-index';

/** Reads kubeadm-types-source.yaml; a bad one is a SourceConfigError. */
export function readKubeadmTypesSource(file: string): KubeadmTypesSource {
  return readSourceFile(file, kubeadmTypesSourceSchema);
}

export function buildKubeadmFields(dir: string, source: KubeadmTypesSource): KubeadmFieldsFile {
  const read = singleFiles(dir);
  return {
    generatedBy: 'netkb import kubeadm-types',
    repository: source.repository,
    component: source.component,
    versions: source.versions.map((v) => {
      const own = read(v.file);
      const structs = new Map<string, GoField[]>(readJsonStructs(own.text));
      const packages: { file: string; commit: string }[] = [];
      for (const [alias, importPath] of readImports(own.text)) {
        const file = source.packages[importPath];
        if (!file) continue;
        const other = read(file);
        packages.push({ file, commit: other.commit });
        addPackageStructs(structs, alias, other.text);
      }
      const kinds = v.kinds.map((kind) => {
        if (!structs.has(kind))
          throw new SourceRepoError(`${v.file}: declares no struct ${kind} (the source lists it for ${v.apiVersion})`);
        return { kind, paths: [...fieldPaths(structs, kind).keys()].sort() };
      });
      return { apiVersion: v.apiVersion, file: v.file, commit: own.commit, packages, kinds };
    }),
  };
}

export function writeKubeadmFields(index: KubeadmFieldsFile, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, KUBEADM_FIELDS_FILE);
  writeFileSync(
    file,
    jsonLinesObject([
      ['generatedBy', index.generatedBy],
      ['repository', index.repository],
      ['component', index.component],
      ['versions', index.versions, 'list'],
    ]),
  );
  return file;
}
