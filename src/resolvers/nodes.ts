import type { Resolvers } from '../graphql/generated/resolvers';
import type { NodeObject } from '../kb/knowledge-base';
import { findNode, globalId } from '../services/nodes';

const byTypename = <T extends NodeObject>(obj: T): T['typename'] => obj.typename;
const withId = { id: (obj: NodeObject) => globalId(obj) };

export const nodeResolvers: Resolvers = {
  Query: {
    node: (_, args, ctx) => findNode(ctx.kb, args.id),
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
