-- netkb migration 0025_provider_trailing_slash_redirect
-- AlterTable
ALTER TABLE "IngressProvider" ADD COLUMN "trailingSlashRedirectCode" INTEGER;
