-- netkb migration 0014_sig_owners
-- AlterTable
ALTER TABLE "KbMeta" ADD COLUMN     "sigOwners" TEXT NOT NULL DEFAULT '[]';
