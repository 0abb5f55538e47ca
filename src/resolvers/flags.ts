import type { Resolvers } from '../graphql/generated/resolvers';
import { findFlag, listFlags } from '../services/flags';

export const flagResolvers: Resolvers = {
  Query: {
    flag: (_, args, ctx) => findFlag(ctx.kb, args.component, args.name),
    flags: (_, args, ctx) => listFlags(ctx.kb, args.component),
  },
};
