import { changeConnection, filterChanges } from '../services/changes';
import { diffReleases, type VersionDiff } from '../services/diff';
import { versionDiffMarkdown } from '../services/markdown';
import type { Context } from './context';

export const diffResolvers = {
  Query: {
    diff: (_: unknown, args: { from: string; to: string }, ctx: Context) => diffReleases(ctx.kb, args.from, args.to),
  },
  VersionDiff: {
    changes: (d: VersionDiff, args: { kinds?: string[] | null; first?: number | null; after?: string | null }, ctx: Context) =>
      changeConnection(filterChanges(ctx.kb, { kinds: args.kinds }, d.changes), args.first, args.after),
    markdown: (d: VersionDiff, args: { maxLength?: number | null }) => versionDiffMarkdown(d, args.maxLength),
  },
};
