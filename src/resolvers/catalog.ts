import { listMetrics, listWellKnownKeys } from '../services/catalog';
import type { Context } from './context';

export const catalogResolvers = {
  Query: {
    wellKnownKeys: (_: unknown, args: { type?: string | null }, ctx: Context) => listWellKnownKeys(ctx.kb, args.type),
    metrics: (_: unknown, args: { component?: string | null }, ctx: Context) => listMetrics(ctx.kb, args.component),
  },
};
