-- netkb migration 0013_add_on_apis_and_gate_keys
-- AlterTable
ALTER TABLE "KbMeta" ADD COLUMN     "apiGroupDomains" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "gateKeys" TEXT NOT NULL DEFAULT '[]';
