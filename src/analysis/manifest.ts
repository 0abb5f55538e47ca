// Reads a manifest (multi-document YAML or JSON, kind: List, comments, empty documents) into objects
// that remember where they came from: document index, the line of their first key, and the line of any
// node inside them. Pure: takes text, returns data or throws ManifestError.
import { isMap, isNode, isScalar, isSeq, LineCounter, parseAllDocuments, Scalar, type Document, type Node as YamlNode } from 'yaml';

export interface ManifestLimits {
  /** Largest manifest in bytes. */
  maxBytes: number;
  /** Most alias expansions per document (YAML "billion laughs" guard). */
  maxAliasCount: number;
  /** Deepest nesting of maps and lists. */
  maxDepth: number;
  /** Most objects in one manifest. */
  maxObjects: number;
}

export const DEFAULT_LIMITS: ManifestLimits = { maxBytes: 5 * 1024 * 1024, maxAliasCount: 100, maxDepth: 64, maxObjects: 50_000 };

export type ManifestErrorCode = 'INVALID_YAML' | 'TOO_LARGE' | 'TOO_COMPLEX';

export class ManifestError extends Error {
  constructor(readonly code: ManifestErrorCode, message: string, readonly line?: number, readonly column?: number) {
    super(message);
  }
}

export type PathSegment = string | number;

export interface ManifestObject {
  /** 0-based index of the YAML document (items of a List share their List's index). */
  documentIndex: number;
  /** 1-based line of the object's first key. */
  line: number;
  apiVersion: string;
  kind: string;
  name: string | null;
  namespace: string | null;
  value: Record<string, unknown>;
  /** 1-based line of the node at `path` inside the object, or of its closest existing parent. */
  lineOf(path: PathSegment[]): number;
}

/** A document that is not a Kubernetes object (no apiVersion or kind). */
export interface SkippedDocument { documentIndex: number; line: number; reason: string }

export interface Manifest { objects: ManifestObject[]; skipped: SkippedDocument[]; documents: number }

export function readManifest(text: string, limits: ManifestLimits = DEFAULT_LIMITS): Manifest {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > limits.maxBytes) {
    throw new ManifestError('TOO_LARGE', `the manifest is ${bytes} bytes; the limit is ${limits.maxBytes} bytes`);
  }
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [docs];
  const objects: ManifestObject[] = [];
  const skipped: SkippedDocument[] = [];
  let documentIndex = -1;
  for (const doc of list as Document[]) {
    documentIndex++;
    const err = doc.errors[0];
    if (err) {
      const pos = err.linePos?.[0];
      throw new ManifestError('INVALID_YAML',
        `invalid YAML in document ${documentIndex + 1}${pos ? ` at line ${pos.line}, column ${pos.col}` : ''}: ${err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
        pos?.line, pos?.col);
    }
    if (doc.contents === null || doc.contents === undefined) continue;
    const root = doc.contents as YamlNode;
    checkDepth(root, limits.maxDepth, lines);
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: limits.maxAliasCount });
    } catch (e) {
      if (e instanceof ReferenceError) throw new ManifestError('TOO_COMPLEX', `document ${documentIndex + 1} expands too many YAML aliases (limit ${limits.maxAliasCount})`);
      throw e;
    }
    if (value === null || value === undefined) continue;
    const lineOfNode = (n: unknown) => (isNode(n) && n.range ? lines.linePos(n.range[0]).line : 1);
    if (!isPlainObject(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string') {
      skipped.push({ documentIndex, line: firstKeyLine(root, lines), reason: 'it has no apiVersion and kind' });
      continue;
    }
    const add = (v: Record<string, unknown>, node: YamlNode) => {
      if (objects.length >= limits.maxObjects) throw new ManifestError('TOO_COMPLEX', `the manifest holds more than ${limits.maxObjects} objects`);
      objects.push(makeObject(documentIndex, v, node, lines, 0));
      if (v.kind === 'ConfigMap') objects.push(...embeddedObjects(documentIndex, node, lines, limits));
    };
    if (value.kind === 'List' || (/List$/.test(value.kind) && Array.isArray(value.items))) {
      const itemsNode = isMap(root) ? root.get('items', true) : undefined;
      const items = Array.isArray(value.items) ? value.items : [];
      items.forEach((item, i) => {
        const node = isSeq(itemsNode) ? (itemsNode.items[i] as YamlNode) : root;
        if (isPlainObject(item) && typeof item.apiVersion === 'string' && typeof item.kind === 'string') add(item, node);
        else skipped.push({ documentIndex, line: lineOfNode(node), reason: `item ${i} of the List has no apiVersion and kind` });
      });
    } else {
      add(value, root);
    }
  }
  return { objects, skipped, documents: documentIndex + 1 };
}

/**
 * Objects written as YAML inside a ConfigMap's data (kubeadm keeps KubeProxyConfiguration there as
 * `config.conf: |`). Only literal blocks are read: their lines map one to one onto the manifest's.
 */
function embeddedObjects(documentIndex: number, configMap: YamlNode, lines: LineCounter, limits: ManifestLimits): ManifestObject[] {
  const data = isMap(configMap) ? configMap.get('data', true) : undefined;
  if (!isMap(data)) return [];
  const out: ManifestObject[] = [];
  for (const pair of data.items) {
    const value = pair.value;
    if (!isScalar(value) || value.type !== Scalar.BLOCK_LITERAL || typeof value.value !== 'string' || !value.range) continue;
    if (!/^apiVersion:/m.test(value.value) || !/^kind:/m.test(value.value)) continue;
    const shift = lines.linePos(value.range[0]).line;
    const inner = new LineCounter();
    for (const doc of parseAllDocuments(value.value, { lineCounter: inner }) as Document[]) {
      if (doc.errors.length > 0 || !doc.contents) continue;
      checkDepth(doc.contents as YamlNode, limits.maxDepth, inner);
      let v: unknown;
      try { v = doc.toJS({ maxAliasCount: limits.maxAliasCount }); } catch { continue; }
      if (isPlainObject(v) && typeof v.apiVersion === 'string' && typeof v.kind === 'string') {
        out.push(makeObject(documentIndex, v, doc.contents as YamlNode, inner, shift));
      }
    }
  }
  return out;
}

function makeObject(documentIndex: number, value: Record<string, unknown>, node: YamlNode, rawLines: LineCounter, shift: number): ManifestObject {
  const metadata = isPlainObject(value.metadata) ? value.metadata : {};
  const lines = { linePos: (offset: number) => ({ line: rawLines.linePos(offset).line + shift }) } as LineCounter;
  const lineOfNode = (n: unknown) => (isNode(n) && n.range ? lines.linePos(n.range[0]).line : 1 + shift);
  return {
    documentIndex,
    line: firstKeyLine(node, lines),
    apiVersion: value.apiVersion as string,
    kind: value.kind as string,
    name: typeof metadata.name === 'string' ? metadata.name : null,
    namespace: typeof metadata.namespace === 'string' ? metadata.namespace : null,
    value,
    lineOf(path: PathSegment[]): number {
      for (let n = path.length; n >= 0; n--) {
        const found = isMap(node) || isSeq(node) ? node.getIn(path.slice(0, n), true) : undefined;
        if (n === 0) return firstKeyLine(node, lines);
        if (isNode(found)) return keyLine(node, path.slice(0, n), lines) ?? lineOfNode(found);
      }
      return firstKeyLine(node, lines);
    },
  };
}

/** The line of the key that holds the node at `path` (for a map entry), so a finding points at "ipFamily:", not its value. */
function keyLine(root: YamlNode, path: PathSegment[], lines: LineCounter): number | undefined {
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  const parent = parentPath.length === 0 ? root : (isMap(root) || isSeq(root) ? root.getIn(parentPath, true) : undefined);
  if (isMap(parent) && typeof last === 'string') {
    const pair = parent.items.find((p) => (isNode(p.key) ? (p.key as { value?: unknown }).value === last : p.key === last));
    if (pair && isNode(pair.key) && pair.key.range) return lines.linePos(pair.key.range[0]).line;
  }
  return undefined;
}

function firstKeyLine(node: YamlNode, lines: LineCounter): number {
  if (isMap(node) && node.items.length > 0 && isNode(node.items[0].key) && node.items[0].key.range) {
    return lines.linePos(node.items[0].key.range[0]).line;
  }
  return node.range ? lines.linePos(node.range[0]).line : 1;
}

function checkDepth(root: YamlNode, maxDepth: number, lines: LineCounter): void {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > maxDepth) {
      const line = node.range ? lines.linePos(node.range[0]).line : undefined;
      throw new ManifestError('TOO_COMPLEX', `the manifest nests deeper than ${maxDepth} levels${line ? ` (at line ${line})` : ''}`, line);
    }
    for (const item of node.items as unknown[]) {
      if (isMap(node)) {
        const pair = item as { key: unknown; value: unknown };
        stack.push([pair.value, depth + 1]);
      } else {
        stack.push([item, depth + 1]);
      }
    }
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
