-- netkb migration 0004_conversions
-- AlterTable
ALTER TABLE "Flag" ADD COLUMN     "conversion" TEXT;

-- AlterTable
ALTER TABLE "ApiVersion" ADD COLUMN     "conversion" TEXT;

-- AlterTable
ALTER TABLE "ApiField" ADD COLUMN     "conversion" TEXT;
