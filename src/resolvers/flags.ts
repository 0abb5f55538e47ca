import type { Resolvers } from '../graphql/generated/resolvers';
import { flagChanges, listFlags, lookupFlag } from '../services/flags';
import { flagMarkdownMessage } from '../services/markdown';

export const flagResolvers: Resolvers = {
  Query: {
    flag: (_, args, ctx) => lookupFlag(ctx.kb, args.component, args.name),
    flags: (_, args, ctx) => listFlags(ctx.kb, args.component),
  },
  Flag: {
    changes: (f, args) => flagChanges(f, args.first),
    markdown: (f, args) => flagMarkdownMessage(f, args.maxLength),
  },
};
