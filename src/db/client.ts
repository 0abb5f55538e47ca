// The one way netkb opens a Prisma client: Prisma 7's TypeScript client over better-sqlite3 for an SQLite
// file, or over pg for a PostgreSQL URL. The two generated clients come from the same data model
// (prisma/postgresql/schema.prisma is derived from prisma/schema.prisma), so their model APIs are the
// same and the PostgreSQL one is used through the SQLite one's type.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, type Prisma } from '../generated/prisma/client';
import { PrismaClient as PostgresPrismaClient } from '../generated/prisma-postgresql/client';
import { isPostgres } from './location';

export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;

export function openPrisma(location: string): Db {
  if (isPostgres(location))
    return new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: location }) }) as unknown as Db;
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${location}` }) });
}

/**
 * Runs `fn` in one transaction that sees one consistent state of the database: on PostgreSQL a
 * REPEATABLE READ snapshot, so a seed or import committed by another replica meanwhile is seen whole
 * or not at all.
 */
export function inConsistentRead<T>(db: Db, location: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const options = isPostgres(location)
    ? { isolationLevel: 'RepeatableRead', timeout: 120_000, maxWait: 30_000 }
    : { timeout: 120_000, maxWait: 30_000 };
  return db.$transaction(fn, options as { timeout: number });
}
