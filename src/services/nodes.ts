// Global object ids: opaque base64url of "<Type>:<natural key>" (kb/node-id.ts), stable across reseeds of the same data.
import type { KnowledgeBase, NodeObject } from '../kb/knowledge-base';
import { nodeKey } from '../kb/knowledge-base';
import { nodeId, nodeRef } from '../kb/node-id';

export function globalId(n: NodeObject): string {
  const key = nodeKey(n);
  const sep = key.indexOf(':');
  return nodeId(key.slice(0, sep), key.slice(sep + 1));
}

export function findNode(kb: KnowledgeBase, id: string): NodeObject | null {
  const ref = nodeRef(id);
  return ref ? (kb.node(ref.typename, ref.key) ?? null) : null;
}
