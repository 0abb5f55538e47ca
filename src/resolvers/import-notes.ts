import { timingSafeEqual } from 'node:crypto';
import { clientError, ErrorCode } from '../errors';
import type { Resolvers } from '../graphql/generated/resolvers';
import type { Context } from '../graphql/context';

function requireAdmin(ctx: Context): NonNullable<Context['admin']> {
  if (!ctx.admin) throw clientError(ErrorCode.FORBIDDEN, 'writes are disabled on this server');
  const given = /^Bearer\s+(.+)$/i.exec(ctx.authorization ?? '')?.[1]?.trim();
  if (!given)
    throw clientError(
      ErrorCode.UNAUTHENTICATED,
      'this mutation needs the admin token: send "Authorization: Bearer <token>"',
    );
  const a = Buffer.from(given);
  const b = Buffer.from(ctx.admin.token);
  if (a.length !== b.length || !timingSafeEqual(a, b))
    throw clientError(ErrorCode.FORBIDDEN, 'the admin token is not valid');
  return ctx.admin;
}

export const importNotesResolvers: Resolvers = {
  Mutation: {
    importReleaseNotes: async (_, args, ctx) => {
      const admin = requireAdmin(ctx);
      // Loaded on the first import: the notes parsers and Prisma (how data gets in) are not part of a
      // server that only reads.
      const { importReleaseNotes } = await import('../services/import-notes');
      const result = await importReleaseNotes(ctx.kb, admin.dbFile, {
        ...args,
        sourceFile: 'importReleaseNotes mutation',
      });
      await admin.reload();
      return result;
    },
  },
};
