-- netkb migration 0006_key_places_launchers
-- AlterTable
ALTER TABLE "Component" ADD COLUMN     "launchers" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "KindInfo" ADD COLUMN     "keyPlaces" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "references" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "WellKnownKey" ADD COLUMN     "replacementIn" INTEGER;
