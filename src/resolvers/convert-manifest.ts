import type { Context } from './context';

export const convertManifestResolvers = {
  Query: {
    convertManifest: async (_: unknown, args: { from: string; to: string; manifest: string }, ctx: Context) =>
      ctx.runner.convertManifest(ctx.kb, args.from, args.to, args.manifest, ctx.maxManifestBytes),
  },
};
