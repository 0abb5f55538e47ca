import type { Resolvers } from '../graphql/generated/resolvers';
import { requireApiVersion, listApiFields, listApiVersions } from '../services/api-versions';

export const apiVersionResolvers: Resolvers = {
  Query: {
    apiVersion: (_, args, ctx) => requireApiVersion(ctx.kb, args.apiVersion, args.kind),
    apiVersions: (_, args, ctx) => listApiVersions(ctx.kb, args),
    apiFields: (_, args, ctx) => listApiFields(ctx.kb, args.kind),
  },
};
