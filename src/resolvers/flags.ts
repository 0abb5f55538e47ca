import { findFlag, listFlags } from '../services/flags';
import type { Context } from './context';

export const flagResolvers = {
  Query: {
    flag: (_: unknown, args: { component: string; name: string }, ctx: Context) => findFlag(ctx.kb, args.component, args.name),
    flags: (_: unknown, args: { component?: string | null }, ctx: Context) => listFlags(ctx.kb, args.component),
  },
};
