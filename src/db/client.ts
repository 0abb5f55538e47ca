// The one way netkb opens a Prisma client: Prisma 7's TypeScript client over better-sqlite3.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '../generated/prisma/client';

export type Db = PrismaClient;

export function openPrisma(file: string): Db {
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${file}` }) });
}
