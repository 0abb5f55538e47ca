-- netkb migration 0013_add_on_apis_gate_keys_and_flag_successors
-- AlterTable
ALTER TABLE "Flag" ADD COLUMN     "successor" TEXT;
