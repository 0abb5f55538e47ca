// The explicit list of resolver maps, merged per type into the schema's Resolvers (generated from the SDL
// by `npm run codegen`, src/graphql/generated/resolvers.ts).
import type { GraphQLFieldResolver } from 'graphql';
import type { Resolvers } from '../graphql/generated/resolvers';
import { apiVersionResolvers } from './api-versions';
import { catalogResolvers } from './catalog';
import { changeResolvers } from './changes';
import { diffResolvers } from './diff';
import { featureGateResolvers } from './feature-gates';
import { flagResolvers } from './flags';
import { gatewayApiResolvers } from './gateway-api';
import { KubeVersion } from './kube-version';
import { nodeResolvers } from './nodes';
import { releaseResolvers } from './releases';
import { searchResolvers } from './search';
import { upgradeReportResolvers } from './upgrade-report';
import { convertManifestResolvers } from './convert-manifest';
import { ingressToGatewayResolvers } from './ingress-to-gateway';
import { importNotesResolvers } from './import-notes';
import { convertingDomainErrors } from '../graphql/domain-errors';

const maps: Resolvers[] = [
  nodeResolvers,
  releaseResolvers,
  featureGateResolvers,
  flagResolvers,
  apiVersionResolvers,
  catalogResolvers,
  changeResolvers,
  diffResolvers,
  searchResolvers,
  upgradeReportResolvers,
  convertManifestResolvers,
  ingressToGatewayResolvers,
  gatewayApiResolvers,
];

/** The object, interface and union types the maps fill (the scalar is added whole, not merged). */
type TypeName = Exclude<keyof Resolvers, 'KubeVersion'>;

export function buildResolvers(options: { admin: boolean } = { admin: false }): Resolvers {
  const merged: Resolvers = { KubeVersion };
  for (const map of options.admin ? [...maps, importNotesResolvers] : maps) {
    for (const type of Object.keys(map) as TypeName[]) mergeType(merged, map, type);
  }
  return merged;
}

function mergeType<T extends TypeName>(into: Resolvers, from: Resolvers, type: T): void {
  const fields = from[type];
  if (fields) into[type] = { ...into[type], ...withGraphQLErrors(fields) };
}

/** The services refuse with a NetkbError; each field resolver answers it as a GraphQL error (__resolveType is the schema's). */
function withGraphQLErrors<Fields extends object>(fields: Fields): Fields {
  // Object.entries/fromEntries lose the types, hence the casts: the result has the same keys, each field resolver
  // replaced by a wrapper of the same signature (convertingDomainErrors keeps it).
  return Object.fromEntries(
    Object.entries(fields).map(([name, resolve]: [string, unknown]) => [
      name,
      typeof resolve === 'function' && !name.startsWith('__')
        ? convertingDomainErrors(resolve as GraphQLFieldResolver<unknown, unknown>)
        : resolve,
    ]),
  ) as Fields;
}
