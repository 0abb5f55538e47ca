import type { Resolvers } from '../graphql/generated/resolvers';
import { ACCESS_CONTROLS } from '../kb/access-controls';
import {
  channelOf,
  findGatewayApiRelease,
  gatewayApiKinds,
  listGatewayApiReleases,
  listIngressNginxAnnotations,
} from '../services/gateway-api';

export const gatewayApiResolvers: Resolvers = {
  Query: {
    gatewayApiReleases: (_, args, ctx) => listGatewayApiReleases(ctx.kb, args.kubernetes),
    gatewayApiRelease: (_, args, ctx) => findGatewayApiRelease(ctx.kb, args.version),
    ingressNginxAnnotations: (_, __, ctx) => listIngressNginxAnnotations(ctx.kb),
  },
  GatewayApiRelease: {
    kinds: (r, args) => gatewayApiKinds(r, channelOf(args.channel)),
  },
  GatewayApiKind: {
    channel: (k) => (k.channel === 'experimental' ? 'EXPERIMENTAL' : 'STANDARD'),
  },
  IngressNginxAnnotation: {
    converted: (a) => a.conversion !== null,
  },
  AnnotationAccess: {
    description: (a) => ACCESS_CONTROLS[a.control],
  },
};
