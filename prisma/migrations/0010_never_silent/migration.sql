-- netkb migration 0010_never_silent
-- AlterTable
ALTER TABLE "Flag" ADD COLUMN "acceptsOnly" TEXT;
ALTER TABLE "Flag" ADD COLUMN "inertFrom" INTEGER;
ALTER TABLE "Flag" ADD COLUMN "onlyWith" TEXT;

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
CREATE TABLE "new_KindInfo" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "podTemplate" TEXT,
    "keyPlaces" TEXT NOT NULL DEFAULT '[]',
    "references" TEXT NOT NULL DEFAULT '[]',
    "flagPlaces" TEXT NOT NULL DEFAULT '[]',
    "notes" TEXT,
    "sources" TEXT NOT NULL
);
INSERT INTO "new_KindInfo" ("id", "keyPlaces", "kind", "notes", "podTemplate", "references", "sources") SELECT "id", "keyPlaces", "kind", "notes", "podTemplate", "references", "sources" FROM "KindInfo";
DROP TABLE "KindInfo";
ALTER TABLE "new_KindInfo" RENAME TO "KindInfo";
CREATE UNIQUE INDEX "KindInfo_kind_key" ON "KindInfo"("kind");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
