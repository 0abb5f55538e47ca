-- netkb migration 0011_well_known_keys_and_generated_flags
-- AlterTable
ALTER TABLE "KbMeta" ADD COLUMN     "reservedKeyDomains" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Flag" ADD COLUMN     "generated" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "WellKnownKey" ADD COLUMN     "generated" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "type" DROP NOT NULL;
