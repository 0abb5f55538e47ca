import type { Context } from './context';

export const upgradeReportResolvers = {
  Query: {
    upgradeReport: async (_: unknown, args: { from: string; to: string; manifest: string }, ctx: Context) => {
      const stop = ctx.metrics.analysis.startTimer();
      try {
        return await ctx.runner.upgradeReport(ctx.kb, args.from, args.to, args.manifest, ctx.maxManifestBytes);
      } finally {
        stop();
      }
    },
  },
};
