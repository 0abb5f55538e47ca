-- netkb migration 0010_generated_feature_gates
-- AlterTable
ALTER TABLE "FeatureGate" ADD COLUMN     "generated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "introducedIn" INTEGER,
ADD COLUMN     "knownThrough" INTEGER;
