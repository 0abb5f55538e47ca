import { convertManifest } from '../services/convert-manifest';
import type { Context } from './context';

export const convertManifestResolvers = {
  Query: {
    convertManifest: async (_: unknown, args: { from: string; to: string; manifest: string }, ctx: Context) =>
      ctx.analysis
        ? ctx.analysis.convertManifest(ctx.kb, args.from, args.to, args.manifest, ctx.maxManifestBytes)
        : convertManifest(ctx.kb, args.from, args.to, args.manifest, { maxBytes: ctx.maxManifestBytes }),
  },
};
