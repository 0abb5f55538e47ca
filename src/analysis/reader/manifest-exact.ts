// The exact reader: the `yaml` package's document API. Slow (it builds a node tree with positions) but
// it follows all of YAML, so it reads what the fast reader leaves alone: anchors and aliases (with the
// alias-expansion limit), tags, flow collections over several lines, and every error with its position.
import {
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  Scalar,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import { ManifestError, type Locator, type ManifestLimits, type PathSegment } from './manifest-types';

interface ExactDocument {
  /** The document's value; undefined for an empty document. */
  value: unknown;
  locator: Locator;
}

/**
 * Every document of `text`. `lineShift` is added to every line (the text is a slice of a larger one)
 * and `firstDocument` to document numbers in messages.
 */
export function readExact(text: string, limits: ManifestLimits, lineShift = 0, firstDocument = 0): ExactDocument[] {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: false });
  const list = (Array.isArray(docs) ? docs : [docs]) as Document[];
  return list.map((doc, n) => {
    const err = doc.errors[0];
    if (err) {
      const pos = err.linePos?.[0];
      const line = pos ? pos.line + lineShift : undefined;
      throw new ManifestError(
        'INVALID_YAML',
        `invalid YAML in document ${firstDocument + n + 1}${pos ? ` at line ${line}, column ${pos.col}` : ''}: ${err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
        line,
        pos?.col,
      );
    }
    const locator = new NodeLocator(doc, lines, lineShift);
    if (doc.contents === null || doc.contents === undefined) return { value: undefined, locator };
    checkDepth(doc.contents as YamlNode, limits.maxDepth, (o) => lines.linePos(o).line + lineShift);
    try {
      return { value: doc.toJS({ maxAliasCount: limits.maxAliasCount }), locator };
    } catch (e) {
      if (e instanceof ReferenceError)
        throw new ManifestError(
          'TOO_COMPLEX',
          `document ${firstDocument + n + 1} expands too many YAML aliases (limit ${limits.maxAliasCount})`,
        );
      throw e;
    }
  });
}

class NodeLocator implements Locator {
  constructor(
    private readonly doc: Document,
    private readonly lines: LineCounter,
    private readonly shift: number,
  ) {}

  private line(offset: number): number {
    return this.lines.linePos(offset).line + this.shift;
  }

  private nodeAt(path: PathSegment[]): unknown {
    const root = this.doc.contents;
    if (path.length === 0) return root;
    return isMap(root) || isSeq(root) ? root.getIn(path, true) : undefined;
  }

  firstKeyLine(path: PathSegment[]): number {
    const node = this.nodeAt(path);
    if (isMap(node) && node.items.length > 0 && isNode(node.items[0].key) && node.items[0].key.range) {
      return this.line(node.items[0].key.range[0]);
    }
    return isNode(node) && node.range ? this.line(node.range[0]) : 1 + this.shift;
  }

  entryLine(path: PathSegment[]): number | undefined {
    if (path.length === 0) return undefined;
    const parent = this.nodeAt(path.slice(0, -1));
    const last = path[path.length - 1];
    if (isMap(parent)) {
      const pair = parent.items.find((p) =>
        isNode(p.key) ? (p.key as { value?: unknown }).value === last : p.key === last,
      );
      if (pair && isNode(pair.key) && pair.key.range) return this.line(pair.key.range[0]);
      return undefined;
    }
    if (isSeq(parent) && typeof last === 'number') {
      const item = parent.items[last];
      return isNode(item) && item.range ? this.line(item.range[0]) : undefined;
    }
    return undefined;
  }

  literalBlocks(path: PathSegment[]): Map<string, number> {
    const out = new Map<string, number>();
    const node = this.nodeAt(path);
    if (!isMap(node)) return out;
    for (const pair of node.items) {
      const value = pair.value;
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key === 'string' && isScalar(value) && value.type === Scalar.BLOCK_LITERAL && value.range)
        out.set(key, this.line(value.range[0]));
    }
    return out;
  }
}

function checkDepth(root: YamlNode, maxDepth: number, lineOf: (offset: number) => number): void {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > maxDepth) {
      const line = node.range ? lineOf(node.range[0]) : undefined;
      throw new ManifestError(
        'TOO_COMPLEX',
        `the manifest nests deeper than ${maxDepth} levels${line ? ` (at line ${line})` : ''}`,
        line,
      );
    }
    for (const item of node.items as unknown[]) {
      stack.push([isMap(node) ? (item as { value: unknown }).value : item, depth + 1]);
    }
  }
}
