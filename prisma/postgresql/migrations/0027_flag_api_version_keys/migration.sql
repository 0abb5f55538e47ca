-- netkb migration 0027_flag_api_version_keys
-- AlterTable
ALTER TABLE "Flag" ADD COLUMN     "apiVersionKeys" TEXT;
