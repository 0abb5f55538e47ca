import type { Resolvers } from '../graphql/generated/resolvers';
import { changeConnection, filterChanges } from '../services/changes';
import { diffReleases } from '../services/diff';
import { versionDiffMarkdown } from '../services/markdown';

export const diffResolvers: Resolvers = {
  Query: {
    diff: (_, args, ctx) => diffReleases(ctx.kb, args.from, args.to, args.sig),
  },
  VersionDiff: {
    changes: (d, args, ctx) => changeConnection(filterChanges(ctx.kb, { kinds: args.kinds }, d.changes), args),
    markdown: (d, args, ctx) => versionDiffMarkdown(d, args.maxLength, ctx.publicUrl),
  },
};
