import type { Resolvers } from '../graphql/generated/resolvers';
import { featureGateKepUrl, featureGateStateIn, listFeatureGates, requireFeatureGate } from '../services/feature-gates';
import { featureGateMarkdown } from '../services/markdown';

export const featureGateResolvers: Resolvers = {
  Query: {
    featureGate: (_, args, ctx) => requireFeatureGate(ctx.kb, args.name),
    featureGates: (_, args, ctx) => listFeatureGates(ctx.kb, args),
  },
  FeatureGate: {
    kepUrl: (g) => featureGateKepUrl(g),
    stateIn: (g, args, ctx) => featureGateStateIn(ctx.kb, g, args.version),
    markdown: (g, args) => featureGateMarkdown(g, args.maxLength),
  },
};
