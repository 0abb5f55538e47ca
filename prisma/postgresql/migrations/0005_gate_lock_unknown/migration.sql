-- netkb migration 0005_gate_lock_unknown
-- AlterTable
ALTER TABLE "FeatureGateStage" ALTER COLUMN "lockedToDefault" DROP NOT NULL;
