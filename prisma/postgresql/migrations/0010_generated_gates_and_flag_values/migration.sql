-- netkb migration 0010_generated_gates_and_flag_values
-- AlterTable
ALTER TABLE "FeatureGate" ADD COLUMN     "generated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "introducedIn" INTEGER,
ADD COLUMN     "knownThrough" INTEGER;

-- AlterTable
ALTER TABLE "Flag" ADD COLUMN     "acceptsOnly" TEXT,
ADD COLUMN     "inertFrom" INTEGER;
