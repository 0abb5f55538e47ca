// seed/generated/kubeadm-fields.json (written by `netkb import kubeadm-types`): the field paths of each kind of
// kubeadm's configuration files, per version, read from one stored copy of the version's types.go in
// kubernetes/kubernetes (kubeadm's types live nowhere else; issue #28, point 3). What is read is set in
// seed/generated/kubeadm-types-source.yaml. One copy per version, not every release: the index says which copy
// (its commit) and the analysis says a field the copy lacks is not checked, never that kubeadm refuses it.
//
// Checked at load: every kubeadm version/kind the api-versions records name has its paths here, and every entry
// here names a recorded version/kind of a kind kubeadm reads (kinds.yaml configFileOf).
import { z } from 'zod';
import type { SeedProblem } from './bundle';
import type { FileFields } from '../kb/model';
import { readGeneratedFile } from './generated-file';

export const KUBEADM_FIELDS_FILE = 'kubeadm-fields.json';
export const KUBEADM_TYPES_SOURCE_FILE = 'kubeadm-types-source.yaml';

const commit = z.string().regex(/^[0-9a-f]{40}$/, 'a 40-hex commit');
const repoPath = z.string().regex(/^[\w./-]+\.go$/, 'a Go file of the repository');

/** What `netkb import kubeadm-types` reads (kubeadm-types-source.yaml). */
export const kubeadmTypesSourceSchema = z.strictObject({
  repository: z.url(),
  component: z.string().min(1),
  versions: z
    .array(
      z.strictObject({
        apiVersion: z.string().regex(/^[a-z0-9.-]+\/v[0-9a-z]+$/),
        file: repoPath,
        kinds: z.array(z.string().regex(/^[A-Z][A-Za-z0-9]*$/)).min(1),
      }),
    )
    .min(1),
  /** Go import paths of other packages whose types the versions' fields use -> the file declaring them. */
  packages: z.record(z.string(), repoPath),
});
export type KubeadmTypesSource = z.infer<typeof kubeadmTypesSourceSchema>;

const kubeadmFieldsSchema = z.strictObject({
  generatedBy: z.literal('netkb import kubeadm-types'),
  repository: z.url(),
  component: z.string().min(1),
  versions: z.array(
    z.strictObject({
      apiVersion: z.string(),
      file: repoPath,
      commit,
      /** The other packages' files read for this version, each at its commit. */
      packages: z.array(z.strictObject({ file: repoPath, commit })),
      kinds: z.array(z.strictObject({ kind: z.string(), paths: z.array(z.string()).min(1) })),
    }),
  ),
});
export type KubeadmFieldsFile = z.infer<typeof kubeadmFieldsSchema>;

/** Each kind's paths as the analysis reads them ([] when the seed has no such file). */
export function readKubeadmFields(seedDir: string, problems: SeedProblem[]): FileFields[] {
  const index = readGeneratedFile(
    seedDir,
    KUBEADM_FIELDS_FILE,
    kubeadmFieldsSchema,
    { noun: 'kubeadm fields index', verb: 'kubeadm-types' },
    problems,
  );
  if (!index) return [];
  return index.versions.flatMap((v) =>
    v.kinds.map((k) => ({
      apiVersion: v.apiVersion,
      kind: k.kind,
      component: index.component,
      first: null,
      last: null,
      copy: `${index.repository}/blob/${v.commit}/${v.file}`,
      paths: k.paths,
    })),
  );
}

/**
 * Every version/kind of a kind that a tool reads as its file (`configFileOf`) that the api-versions records name
 * must have its paths, and every path entry must name such a record: a version the index lacks would pass
 * unchecked, an entry no record names would never be used.
 */
export function checkToolFileFields(
  files: readonly FileFields[],
  recorded: readonly { apiVersion: string; kind: string }[],
  toolKinds: ReadonlySet<string>,
  problems: SeedProblem[],
): void {
  const file = `seed/generated/${KUBEADM_FIELDS_FILE}`;
  const indexed = new Set(files.map((f) => `${f.apiVersion} ${f.kind}`));
  const records = new Set(recorded.filter((r) => toolKinds.has(r.kind)).map((r) => `${r.apiVersion} ${r.kind}`));
  for (const key of records)
    if (!indexed.has(key))
      problems.push({
        file,
        message: `${key}: an api-versions record of a file kubeadm reads, with no field paths here; add the version to ${KUBEADM_TYPES_SOURCE_FILE} and rerun netkb import kubeadm-types`,
      });
  for (const f of files)
    if (!records.has(`${f.apiVersion} ${f.kind}`))
      problems.push({
        file,
        message: `${f.apiVersion} ${f.kind}: no api-versions record names this version and kind of a file a tool reads (kinds.yaml configFileOf)`,
      });
}
