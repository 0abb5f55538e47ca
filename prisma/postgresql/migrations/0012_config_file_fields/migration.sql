-- netkb migration 0012_config_file_fields
-- AlterTable
ALTER TABLE "KbMeta" ADD COLUMN     "fileFields" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "KindInfo" ADD COLUMN     "configFileOf" TEXT;

-- AlterTable
ALTER TABLE "ApiField" ADD COLUMN     "generated" BOOLEAN NOT NULL DEFAULT false;
