// The explicit list of resolver maps, merged per type.
import type { GraphQLFieldResolver } from 'graphql';
import { apiVersionResolvers } from './api-versions';
import { catalogResolvers } from './catalog';
import { changeResolvers } from './changes';
import { diffResolvers } from './diff';
import { featureGateResolvers } from './feature-gates';
import { flagResolvers } from './flags';
import { KubeVersion } from './kube-version';
import { nodeResolvers } from './nodes';
import { releaseResolvers } from './releases';
import { searchResolvers } from './search';
import { upgradeReportResolvers } from './upgrade-report';
import { convertManifestResolvers } from './convert-manifest';
import { importNotesResolvers } from './import-notes';
import { convertingDomainErrors } from '../graphql/domain-errors';

type ResolverMap = Record<string, Record<string, unknown>>;

const maps: ResolverMap[] = [
  nodeResolvers, releaseResolvers, featureGateResolvers, flagResolvers, apiVersionResolvers, catalogResolvers,
  changeResolvers, diffResolvers, searchResolvers, upgradeReportResolvers, convertManifestResolvers,
];

export function buildResolvers(options: { admin: boolean } = { admin: false }): Record<string, unknown> {
  const merged: ResolverMap = {};
  for (const map of options.admin ? [...maps, importNotesResolvers] : maps) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...(merged[type] ?? {}), ...withGraphQLErrors(fields) };
  }
  return { KubeVersion, ...merged };
}

/** The services refuse with a NetkbError; each field resolver answers it as a GraphQL error (__resolveType is the schema's). */
function withGraphQLErrors(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, resolve]) =>
    [name, typeof resolve === 'function' && !name.startsWith('__') ? convertingDomainErrors(resolve as GraphQLFieldResolver<unknown, unknown>) : resolve]));
}
