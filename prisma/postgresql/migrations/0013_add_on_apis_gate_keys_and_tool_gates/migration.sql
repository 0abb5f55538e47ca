-- netkb migration 0013_add_on_apis_gate_keys_and_tool_gates
-- AlterTable
ALTER TABLE "KbMeta" ADD COLUMN     "toolGates" TEXT NOT NULL DEFAULT '[]';
