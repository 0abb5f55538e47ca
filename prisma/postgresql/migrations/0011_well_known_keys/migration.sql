-- netkb migration 0011_well_known_keys
-- AlterTable
ALTER TABLE "KbMeta" ADD COLUMN     "reservedKeyDomains" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "WellKnownKey" ADD COLUMN     "generated" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "type" DROP NOT NULL;
