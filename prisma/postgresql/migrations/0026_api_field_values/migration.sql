-- netkb migration 0026_api_field_values
-- AlterTable
ALTER TABLE "ApiField" ADD COLUMN     "values" TEXT;
