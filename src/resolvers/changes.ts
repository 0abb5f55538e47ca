import type { Resolvers } from '../graphql/generated/resolvers';
import { changeConnection, filterChanges } from '../services/changes';

export const changeResolvers: Resolvers = {
  Query: {
    changes: (_, args, ctx) => changeConnection(filterChanges(ctx.kb, args.filter ?? {}), args),
  },
};
