import { upgradeReport } from '../services/upgrade-report';
import type { Context } from './context';

export const upgradeReportResolvers = {
  Query: {
    upgradeReport: async (_: unknown, args: { from: string; to: string; manifest: string }, ctx: Context) => {
      const stop = ctx.metrics.analysis.startTimer();
      try {
        return ctx.analysis
          ? await ctx.analysis.upgradeReport(ctx.kb, args.from, args.to, args.manifest, ctx.maxManifestBytes)
          : upgradeReport(ctx.kb, args.from, args.to, args.manifest, { maxBytes: ctx.maxManifestBytes });
      } finally {
        stop();
      }
    },
  },
};
