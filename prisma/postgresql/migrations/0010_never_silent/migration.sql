-- netkb migration 0010_never_silent
-- AlterTable
ALTER TABLE "KindInfo" ADD COLUMN     "flagPlaces" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "FeatureGate" ADD COLUMN     "generated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "introducedIn" INTEGER,
ADD COLUMN     "knownThrough" INTEGER;

-- AlterTable
ALTER TABLE "Flag" ADD COLUMN     "acceptsOnly" TEXT,
ADD COLUMN     "inertFrom" INTEGER,
ADD COLUMN     "onlyWith" TEXT;
