-- netkb migration 0005_gate_lock_unknown
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_FeatureGateStage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gateId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "stage" TEXT NOT NULL,
    "defaultEnabled" BOOLEAN NOT NULL,
    "lockedToDefault" BOOLEAN,
    "since" INTEGER NOT NULL,
    "until" INTEGER,
    CONSTRAINT "FeatureGateStage_gateId_fkey" FOREIGN KEY ("gateId") REFERENCES "FeatureGate" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_FeatureGateStage" ("defaultEnabled", "gateId", "id", "lockedToDefault", "position", "since", "stage", "until") SELECT "defaultEnabled", "gateId", "id", "lockedToDefault", "position", "since", "stage", "until" FROM "FeatureGateStage";
DROP TABLE "FeatureGateStage";
ALTER TABLE "new_FeatureGateStage" RENAME TO "FeatureGateStage";
CREATE UNIQUE INDEX "FeatureGateStage_gateId_position_key" ON "FeatureGateStage"("gateId", "position");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
