import type { Resolvers } from '../graphql/generated/resolvers';
import { listMetrics, listWellKnownKeys } from '../services/catalog';
import { listComponents, listSigs } from '../services/vocabulary';

export const catalogResolvers: Resolvers = {
  Query: {
    sigs: (_, __, ctx) => listSigs(ctx.kb),
    components: (_, __, ctx) => listComponents(ctx.kb),
    wellKnownKeys: (_, args, ctx) => listWellKnownKeys(ctx.kb, args.type, args.curatedOnly),
    metrics: (_, args, ctx) => listMetrics(ctx.kb, args.component),
  },
};
