import type { NodeObject } from '../kb/knowledge-base';
import { findNode, globalId } from '../services/nodes';
import type { Context } from './context';

const byTypename = (obj: NodeObject) => obj.typename;
const withId = { id: (obj: NodeObject) => globalId(obj) };

export const nodeResolvers = {
  Query: {
    node: (_: unknown, args: { id: string }, ctx: Context) => findNode(ctx.kb, args.id),
  },
  Node: { __resolveType: byTypename },
  Subject: { __resolveType: byTypename },
  Release: withId,
  FeatureGate: withId,
  Flag: withId,
  ApiVersion: withId,
  ApiField: withId,
  WellKnownKey: withId,
  Metric: withId,
  Change: withId,
};
