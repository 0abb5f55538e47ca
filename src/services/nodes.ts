// Global object ids: opaque base64url of "<Type>:<natural key>", stable across reseeds of the same data.
import type { KnowledgeBase, NodeObject } from '../kb/knowledge-base';
import { nodeKey } from '../kb/knowledge-base';

export function globalId(n: NodeObject): string {
  return Buffer.from(nodeKey(n), 'utf8').toString('base64url');
}

export function findNode(kb: KnowledgeBase, id: string): NodeObject | null {
  const text = Buffer.from(id, 'base64url').toString('utf8');
  const sep = text.indexOf(':');
  if (sep < 1) return null;
  return kb.node(text.slice(0, sep), text.slice(sep + 1)) ?? null;
}
