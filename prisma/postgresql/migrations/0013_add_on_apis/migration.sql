-- netkb migration 0013_add_on_apis
-- AlterTable
ALTER TABLE "KbMeta" ADD COLUMN     "addOns" TEXT NOT NULL DEFAULT '{"addOns":[],"apis":[]}';
