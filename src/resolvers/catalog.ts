import type { Resolvers } from '../graphql/generated/resolvers';
import { listMetrics, listWellKnownKeys } from '../services/catalog';

export const catalogResolvers: Resolvers = {
  Query: {
    wellKnownKeys: (_, args, ctx) => listWellKnownKeys(ctx.kb, args.type),
    metrics: (_, args, ctx) => listMetrics(ctx.kb, args.component),
  },
};
