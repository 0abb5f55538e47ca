import type { Resolvers } from '../graphql/generated/resolvers';

export const convertManifestResolvers: Resolvers = {
  Query: {
    convertManifest: async (_, args, ctx) =>
      ctx.runner.convertManifest(ctx.kb, args.from, args.to, args.manifest, ctx.maxManifestBytes),
  },
};
