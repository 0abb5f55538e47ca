// The writer: node edits made with the operations of src/convert/nodes.ts (set a scalar, rename a key,
// delete a key, insert a key/value) come out as edits of only the lines they touch; everything else keeps
// the author's indentation, quoting, flow style, comments, blank lines and line ends.
import { parseAllDocuments, type Document, type YAMLMap } from 'yaml';
import { putAt, removeKey, renameKey, nodeAt, plainScalar, setScalarAt } from '../../src/convert/nodes';
import { printDocument } from '../../src/convert/print';
import { lineDiff } from './line-diff';

/** `text` (one document) after `edit` on its root map. */
function edited(text: string, edit: (root: YAMLMap) => void): string {
  const [doc] = parseAllDocuments(text) as Document[];
  edit(doc.contents as YAMLMap);
  return printDocument(text, 0, text.length, doc);
}

const manifest = [
  'apiVersion: extensions/v1beta1   # old',
  'kind: DaemonSet',
  'metadata:',
  '    name: "flannel"',
  '    labels: {app: flannel, tier: node}',
  'spec:',
  '    template:',
  '        metadata:',
  '            labels:',
  '                app: flannel',
  '',
  '        # the pod',
  '        spec:',
  '            hostNetwork: true',
  '            containers:',
  '            - name: kube-flannel',
  '              args: [ "--ip-masq", "--kube-subnet-mgr" ]',
  '              command:',
  '              - /opt/bin/flanneld   # the daemon',
  '              - --iface=eth0',
  '            volumes:',
  '              - name: run',
  '                hostPath: {path: /run/flannel}',
  'data:',
  '    net-conf.json: |',
  '        {"Network":   "10.244.0.0/16"}',
  '',
].join('\n');

describe('the writer changes only the lines an edit touches', () => {
  it('set a scalar: only its characters change, the comment after it stays', () => {
    const out = edited(manifest, (root) => setScalarAt(root, ['apiVersion'], 'apps/v1'));
    expect(out).toBe(manifest.replace('extensions/v1beta1   # old', 'apps/v1   # old'));
  });

  it('set a quoted scalar: the quotes stay', () => {
    const out = edited(manifest, (root) => setScalarAt(root, ['metadata', 'name'], 'kube-flannel'));
    expect(out).toBe(manifest.replace('"flannel"', '"kube-flannel"'));
  });

  it('set a scalar inside a flow collection: the rest of the line stays', () => {
    const out = edited(manifest, (root) =>
      setScalarAt(root, ['spec', 'template', 'spec', 'containers', 0, 'args', 1], '--kube-subnet-manager'),
    );
    expect(out).toBe(manifest.replace('"--kube-subnet-mgr" ]', '"--kube-subnet-manager" ]'));
  });

  it('rename a key: the value, its comments and the order stay', () => {
    const out = edited(manifest, (root) =>
      renameKey(nodeAt(root, ['spec', 'template', 'spec']) as YAMLMap, 'hostNetwork', 'hostPID'),
    );
    expect(out).toBe(manifest.replace('hostNetwork: true', 'hostPID: true'));
  });

  it('delete a key: its lines go, the blank line and the comment before the next key stay', () => {
    const out = edited(manifest, (root) => removeKey(nodeAt(root, ['spec', 'template']) as YAMLMap, 'metadata'));
    expect(out).toBe(manifest.replace('        metadata:\n            labels:\n                app: flannel\n', ''));
  });

  it("delete the first key of a list item's map: the next key moves behind the dash", () => {
    const out = edited(manifest, (root) =>
      removeKey(nodeAt(root, ['spec', 'template', 'spec', 'volumes', 0]) as YAMLMap, 'name'),
    );
    expect(out).toBe(manifest.replace('- name: run\n                hostPath', '- hostPath'));
  });

  it('insert a key/value: at the indentation of its siblings, before the key it is placed near', () => {
    const out = edited(manifest, (root) =>
      putAt(root, ['spec', 'selector', 'matchLabels'], (nodeAt(root, ['metadata', 'labels']) as YAMLMap).clone(), [
        'spec',
        'template',
      ]),
    );
    expect(out).toBe(
      manifest.replace('spec:\n', 'spec:\n    selector:\n        matchLabels: {app: flannel, tier: node}\n'),
    );
    expect(lineDiff(manifest, out)).toEqual({ removed: 0, added: 2 });
  });

  it('insert a key/value at the end of a map: after its last key, whatever that holds', () => {
    const out = edited(manifest, (root) =>
      putAt(root, ['spec', 'updateStrategy', 'type'], plainScalar('OnDelete'), null),
    );
    expect(out).toBe(
      manifest.replace('{path: /run/flannel}\n', '{path: /run/flannel}\n    updateStrategy:\n        type: OnDelete\n'),
    );
  });

  it('a list item replaced by two: the comment above the old item stays, the one after it follows', () => {
    const text = 'command:\n  # tuned\n  - --conntrack-max=1   # fixed\n  - --v=2\n';
    const out = edited(text, (root) => {
      const seq = nodeAt(root, ['command']) as { items: unknown[] };
      const a = plainScalar('--conntrack-min=1');
      const b = plainScalar('--conntrack-max-per-core=1');
      (b as { comment?: string }).comment = ' fixed';
      seq.items.splice(0, 1, a, b);
    });
    expect(out).toBe('command:\n  # tuned\n  - --conntrack-min=1\n  - --conntrack-max-per-core=1 # fixed\n  - --v=2\n');
  });

  it('a flow map that gains a key is written again in flow style, on its own line only', () => {
    const text = 'a: 1\nbackend: {serviceName: web, servicePort: 80}\nz: 2\n';
    const out = edited(text, (root) => {
      const backend = nodeAt(root, ['backend']) as YAMLMap;
      removeKey(backend, 'servicePort');
      putAt(backend, ['service', 'name'], plainScalar('web'), null);
    });
    expect(out).toBe('a: 1\nbackend: {serviceName: web, service: {name: web}}\nz: 2\n');
  });

  it('keeps CRLF line ends, on new lines too', () => {
    const text = manifest.replace(/\n/g, '\r\n');
    const out = edited(text, (root) => putAt(root, ['spec', 'paused'], plainScalar(true), ['spec', 'template']));
    expect(out).toBe(text.replace('spec:\r\n', 'spec:\r\n    paused: true\r\n'));
  });

  it('leaves the text of a block scalar alone, spacing included', () => {
    const out = edited(manifest, (root) => setScalarAt(root, ['kind'], 'ConfigMap'));
    expect(out).toContain('        {"Network":   "10.244.0.0/16"}\n');
    expect(lineDiff(manifest, out)).toEqual({ removed: 1, added: 1 });
  });

  it('prints the document anew when a change is not local (keys reordered), and it still reads the same', () => {
    const text = 'a: 1\nb: 2\n';
    const out = edited(text, (root) => root.items.reverse());
    expect(parseAllDocuments(out)[0].toJS()).toEqual({ b: 2, a: 1 });
  });
});
