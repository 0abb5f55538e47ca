import type { Resolvers } from '../graphql/generated/resolvers';
import { changeConnection, filterChanges } from '../services/changes';
import { isKubernetesChange } from '../services/gateway-api';

export const changeResolvers: Resolvers = {
  Query: {
    changes: (_, args, ctx) => changeConnection(filterChanges(ctx.kb, args.filter ?? {}), args),
  },
  // A Gateway API CHANGELOG entry has no Kubernetes release, SIGs, components, authors or subjects.
  Change: {
    version: (c) => (isKubernetesChange(c) ? c.version : null),
    gatewayApiRelease: (c) => (isKubernetesChange(c) ? null : c.gatewayApiRelease),
    sigs: (c) => (isKubernetesChange(c) ? c.sigs : []),
    components: (c) => (isKubernetesChange(c) ? c.components : []),
    authors: (c) => (isKubernetesChange(c) ? c.authors : []),
    subjects: (c) => (isKubernetesChange(c) ? c.subjects : []),
    imported: (c) => isKubernetesChange(c) && c.imported,
  },
};
