-- netkb migration 0013_add_on_apis_gate_keys_and_tool_gates
-- AlterTable
ALTER TABLE "Flag" ADD COLUMN     "successor" TEXT;

-- AlterTable
ALTER TABLE "KbMeta" ADD COLUMN     "addOns" TEXT NOT NULL DEFAULT '{"addOns":[],"apis":[]}',
ADD COLUMN     "apiGroupDomains" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "gateKeys" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "toolGates" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "FlagValue" ADD COLUMN     "alternatives" TEXT NOT NULL DEFAULT '[]';
