import type { Resolvers } from '../graphql/generated/resolvers';
import { changeConnection, filterChanges } from '../services/changes';
import { findRelease, listReleases } from '../services/catalog';

export const releaseResolvers: Resolvers = {
  Query: {
    releases: (_, __, ctx) => listReleases(ctx.kb),
    release: (_, args, ctx) => findRelease(ctx.kb, args.version),
  },
  Release: {
    changes: (r, args, ctx) =>
      changeConnection(
        filterChanges(
          ctx.kb,
          { kinds: args.kinds },
          ctx.kb.changes.filter((c) => c.version === r.version),
        ),
        args,
      ),
  },
};
