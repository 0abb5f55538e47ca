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
        implementation: args.implementation,
        implementationVersion: args.implementationVersion,
        limits: { maxBytes: ctx.maxManifestBytes },
      }),
  },
  GatewayConversion: {
    gatewayApiRelease: (c) => c.gatewayApi.version,
    gatewayApiChannel: (c) => (c.gatewayApi.channel === 'experimental' ? 'EXPERIMENTAL' : 'STANDARD'),
    implementation: (c) => c.implementation?.id ?? null,
    implementationVersion: (c) => c.implementation?.release ?? null,
  },
};
