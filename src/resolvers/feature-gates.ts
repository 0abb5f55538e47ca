import type { FeatureGate } from '../kb/model';
import { featureGateStateIn, findFeatureGate, listFeatureGates, type FeatureGateQuery } from '../services/feature-gates';
import { featureGateMarkdown } from '../services/markdown';
import type { Context } from './context';

export const featureGateResolvers = {
  Query: {
    featureGate: (_: unknown, args: { name: string }, ctx: Context) => findFeatureGate(ctx.kb, args.name),
    featureGates: (_: unknown, args: FeatureGateQuery, ctx: Context) => listFeatureGates(ctx.kb, args),
  },
  FeatureGate: {
    stateIn: (g: FeatureGate, args: { version: string }, ctx: Context) => featureGateStateIn(ctx.kb, g, args.version),
    markdown: (g: FeatureGate, args: { maxLength?: number | null }) => featureGateMarkdown(g, args.maxLength),
  },
};
