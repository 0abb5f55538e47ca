-- netkb migration 0026_flag_list_values
-- AlterTable
ALTER TABLE "Flag" ADD COLUMN     "listValues" BOOLEAN NOT NULL DEFAULT false;
