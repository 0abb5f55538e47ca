import type { Resolvers } from '../graphql/generated/resolvers';

export const ingressToGatewayResolvers: Resolvers = {
  Query: {
    ingressToGateway: (_, args, ctx) =>
      ctx.runner.ingressToGateway(ctx.kb, {
        manifest: args.manifest,
        provider: args.provider,
        gatewayClassName: args.gatewayClassName,
        limits: { maxBytes: ctx.maxManifestBytes },
      }),
  },
};
