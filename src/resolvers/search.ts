import type { Resolvers } from '../graphql/generated/resolvers';
import { searchKnowledgeBase } from '../services/search';

export const searchResolvers: Resolvers = {
  Query: {
    search: (_, { text, ...args }, ctx) => searchKnowledgeBase(ctx.kb, ctx.searcher, text, args),
  },
};
