-- netkb migration 0009_api_version_served_by_default_unknown
-- AlterTable
ALTER TABLE "ApiVersion" ALTER COLUMN "servedByDefault" DROP NOT NULL,
ALTER COLUMN "servedByDefault" DROP DEFAULT;
