import { changeConnection, filterChanges, type ChangeFilter } from '../services/changes';
import type { Context } from './context';

export const changeResolvers = {
  Query: {
    changes: (_: unknown, args: { filter?: ChangeFilter | null; first?: number | null; after?: string | null }, ctx: Context) =>
      changeConnection(filterChanges(ctx.kb, args.filter ?? {}), args.first, args.after),
  },
};
