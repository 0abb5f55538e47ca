import type { Resolvers } from '../graphql/generated/resolvers';
import { upgradeReportMarkdown } from '../services/markdown';
import { newFindingsOnly } from '../services/upgrade-report';
import { fails } from '../analysis/report/severity';

export const upgradeReportResolvers: Resolvers = {
  Query: {
    upgradeReport: async (_, args, ctx) => {
      const stop = ctx.metrics.analysis.startTimer();
      try {
        const report = await ctx.runner.upgradeReport(
          ctx.kb,
          args.from,
          args.to,
          args.manifest ?? null,
          ctx.maxManifestBytes,
          args.gatewayApi,
          { apiserverMetrics: args.apiserverMetrics, auditLog: args.auditLog },
        );
        return args.newOnly ? newFindingsOnly(report) : report;
      } finally {
        stop();
      }
    },
  },
  FindingSummary: {
    dropped: (s) => s.dropped ?? 0,
  },
  UpgradeReport: {
    markdown: (r, args) => upgradeReportMarkdown(r, args.maxLength),
    passes: (r, args) => !r.findings.some((f) => fails(f, args.failOn ?? 'BREAKING', args.strict ?? false)),
  },
};
