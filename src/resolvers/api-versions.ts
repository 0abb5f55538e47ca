import { findApiVersion, listApiFields, listApiVersions, type ApiVersionQuery } from '../services/api-versions';
import type { Context } from './context';

export const apiVersionResolvers = {
  Query: {
    apiVersion: (_: unknown, args: { apiVersion: string; kind: string }, ctx: Context) => findApiVersion(ctx.kb, args.apiVersion, args.kind),
    apiVersions: (_: unknown, args: ApiVersionQuery, ctx: Context) => listApiVersions(ctx.kb, args),
    apiFields: (_: unknown, args: { kind?: string | null }, ctx: Context) => listApiFields(ctx.kb, args.kind),
  },
};
