// netkb import kubeadm-types on made-up types in the shapes of kubeadm's types.go (test/fixtures/kubeadm-types):
// the json paths of each kind, walking another kubeadm package's types where the source names its file, ending a
// path at maps and at other packages' types; the loader reads what it writes, and the seed refuses a kubeadm
// version its records name without paths.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { buildKubeadmFields, readKubeadmTypesSource, writeKubeadmFields } from '../../src/importer/kubeadm-types/run';
import { readImports } from '../../src/importer/k8s-source/go-source';
import { checkToolFileFields, readKubeadmFields } from '../../src/seed/kubeadm-fields-index';
import type { SeedProblem } from '../../src/seed/load';
import { netkb } from '../support/cli';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'kubeadm-types');
const source = readKubeadmTypesSource(join(FIXTURES, 'source.yaml'));

describe('netkb import kubeadm-types', () => {
  const index = buildKubeadmFields(FIXTURES, source);

  it('lists the json paths of each kind, into the other package the source names, not into maps or other types', () => {
    expect(index.versions).toEqual([
      {
        apiVersion: 'kubeadm.k8s.io/v1beta9',
        file: 'cmd/kubeadm/app/apis/kubeadm/v1beta9/types.go',
        commit: '1111111111111111111111111111111111111111',
        packages: [
          {
            file: 'cmd/kubeadm/app/apis/bootstraptoken/v1/types.go',
            commit: '2222222222222222222222222222222222222222',
          },
        ],
        kinds: [
          {
            kind: 'WidgetConfiguration',
            paths: [
              'args',
              'node',
              'node.imageTag',
              'node.taints',
              'node.timeout',
              'tokens',
              'tokens[].token',
              'tokens[].usages',
            ],
          },
        ],
      },
    ]);
  });

  it('reads the names a Go file gives its imports', () => {
    const text = readFileSync(join(FIXTURES, 'cmd/kubeadm/app/apis/kubeadm/v1beta9/types.go'), 'utf8');
    expect(Object.fromEntries(readImports(text))).toEqual({
      corev1: 'k8s.io/api/core/v1',
      metav1: 'k8s.io/apimachinery/pkg/apis/meta/v1',
      tokenv1: 'k8s.io/kubernetes/cmd/kubeadm/app/apis/bootstraptoken/v1',
    });
    expect(Object.fromEntries(readImports('package x\n\nimport "k8s.io/api/core/v1"\n'))).toEqual({
      v1: 'k8s.io/api/core/v1',
    });
  });

  it('writes a file the loader reads back as file paths with the copy named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-kubeadm-types-'));
    try {
      writeKubeadmFields(index, join(dir, 'generated'));
      const problems: SeedProblem[] = [];
      const read = readKubeadmFields(dir, problems);
      expect(problems).toEqual([]);
      expect(read).toEqual([
        {
          apiVersion: 'kubeadm.k8s.io/v1beta9',
          kind: 'WidgetConfiguration',
          component: 'kubeadm',
          first: null,
          last: null,
          copy: 'https://github.com/kubernetes/kubernetes/blob/1111111111111111111111111111111111111111/cmd/kubeadm/app/apis/kubeadm/v1beta9/types.go',
          paths: index.versions[0].kinds[0].paths,
        },
      ]);
      // Checked against the records: a recorded version without paths, and paths no record names, are refused.
      const check: SeedProblem[] = [];
      checkToolFileFields(
        read,
        [
          { apiVersion: 'kubeadm.k8s.io/v1beta8', kind: 'WidgetConfiguration' },
          { apiVersion: 'apps/v1', kind: 'Deployment' },
        ],
        new Set(['WidgetConfiguration']),
        check,
      );
      expect(check.map((p) => p.message)).toEqual([
        expect.stringMatching(
          /^kubeadm\.k8s\.io\/v1beta8 WidgetConfiguration: an api-versions record of a file kubeadm reads, with no field paths here/,
        ),
        expect.stringMatching(
          /^kubeadm\.k8s\.io\/v1beta9 WidgetConfiguration: no api-versions record names this version/,
        ),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file the manifest does not list and a kind the file does not declare, with exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-kubeadm-types-'));
    try {
      const empty = netkb(['import', 'kubeadm-types', dir, '--config', join(FIXTURES, 'source.yaml'), '--out', dir]);
      expect(empty.code).toBe(2);
      expect(empty.stderr).toMatch(/MANIFEST\.tsv: missing/);
      const wrongKind = { ...source, versions: [{ ...source.versions[0], kinds: ['GadgetConfiguration'] }] };
      expect(() => buildKubeadmFields(FIXTURES, wrongKind)).toThrow(/declares no struct GadgetConfiguration/);
      const ok = netkb(['import', 'kubeadm-types', FIXTURES, '--config', join(FIXTURES, 'source.yaml'), '--out', dir]);
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/read 1 kubeadm versions of .*: 8 field paths/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
