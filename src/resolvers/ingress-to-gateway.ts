import type { Resolvers } from '../graphql/generated/resolvers';

export const ingressToGatewayResolvers: Resolvers = {
  Query: {
    ingressToGateway: (_, args, ctx) =>
      ctx.runner.ingressToGateway(ctx.kb, {
        manifest: args.manifest,
        provider: args.provider,
        gatewayClassName: args.gatewayClassName,
        ingressClass: args.ingressClass,
        gatewayApi: args.gatewayApi,
        gatewayApiChannel: args.gatewayApiChannel,
        limits: { maxBytes: ctx.maxManifestBytes },
      }),
  },
  GatewayConversion: {
    gatewayApiRelease: (c) => c.gatewayApi.version,
    gatewayApiChannel: (c) => (c.gatewayApi.channel === 'experimental' ? 'EXPERIMENTAL' : 'STANDARD'),
  },
};
