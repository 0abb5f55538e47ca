import type { Release } from '../kb/model';
import { changeConnection, filterChanges } from '../services/changes';
import { findRelease, listReleases } from '../services/catalog';
import type { Context } from './context';

interface PageArgs { kinds?: string[] | null; first?: number | null; after?: string | null }

export const releaseResolvers = {
  Query: {
    releases: (_: unknown, __: unknown, ctx: Context) => listReleases(ctx.kb),
    release: (_: unknown, args: { version: string }, ctx: Context) => findRelease(ctx.kb, args.version),
  },
  Release: {
    changes: (r: Release, args: PageArgs, ctx: Context) =>
      changeConnection(filterChanges(ctx.kb, { kinds: args.kinds }, ctx.kb.changes.filter((c) => c.version === r.version)), args.first, args.after),
  },
};
