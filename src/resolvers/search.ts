import { searchKnowledgeBase } from '../services/search';
import type { Context } from './context';

export const searchResolvers = {
  Query: {
    search: (_: unknown, args: { text: string; first?: number | null }, ctx: Context) => searchKnowledgeBase(ctx.kb, ctx.searcher, args.text, args.first),
  },
};
