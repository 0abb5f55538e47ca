import type { Resolvers } from '../graphql/generated/resolvers';
import { ingressToGateway } from '../services/ingress-to-gateway';

export const ingressToGatewayResolvers: Resolvers = {
  Query: {
    ingressToGateway: (_, args, ctx) =>
      ingressToGateway(ctx.kb, {
        manifest: args.manifest,
        provider: args.provider,
        gatewayClassName: args.gatewayClassName,
        limits: { maxBytes: ctx.maxManifestBytes },
      }),
  },
};
