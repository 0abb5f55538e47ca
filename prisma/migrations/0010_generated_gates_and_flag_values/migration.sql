-- netkb migration 0010_generated_gates_and_flag_values
-- AlterTable
ALTER TABLE "Flag" ADD COLUMN "acceptsOnly" TEXT;
ALTER TABLE "Flag" ADD COLUMN "inertFrom" INTEGER;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_FeatureGate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "sigs" TEXT NOT NULL,
    "components" TEXT NOT NULL,
    "kep" TEXT,
    "generated" BOOLEAN NOT NULL DEFAULT false,
    "introducedIn" INTEGER,
    "removedIn" INTEGER,
    "knownThrough" INTEGER,
    "notes" TEXT,
    "sources" TEXT NOT NULL
);
INSERT INTO "new_FeatureGate" ("components", "id", "kep", "name", "notes", "removedIn", "sigs", "sources", "summary") SELECT "components", "id", "kep", "name", "notes", "removedIn", "sigs", "sources", "summary" FROM "FeatureGate";
DROP TABLE "FeatureGate";
ALTER TABLE "new_FeatureGate" RENAME TO "FeatureGate";
CREATE UNIQUE INDEX "FeatureGate_name_key" ON "FeatureGate"("name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
