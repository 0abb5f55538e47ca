-- netkb migration 0006_key_places_launchers
-- AlterTable
ALTER TABLE "WellKnownKey" ADD COLUMN "replacementIn" INTEGER;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Component" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "binaries" TEXT NOT NULL,
    "images" TEXT NOT NULL,
    "configKinds" TEXT NOT NULL,
    "launchers" TEXT NOT NULL DEFAULT '[]',
    "notes" TEXT,
    "sources" TEXT NOT NULL
);
INSERT INTO "new_Component" ("binaries", "configKinds", "id", "images", "name", "notes", "sources", "summary") SELECT "binaries", "configKinds", "id", "images", "name", "notes", "sources", "summary" FROM "Component";
DROP TABLE "Component";
ALTER TABLE "new_Component" RENAME TO "Component";
CREATE UNIQUE INDEX "Component_name_key" ON "Component"("name");
CREATE TABLE "new_KindInfo" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "podTemplate" TEXT,
    "keyPlaces" TEXT NOT NULL DEFAULT '[]',
    "references" TEXT NOT NULL DEFAULT '[]',
    "notes" TEXT,
    "sources" TEXT NOT NULL
);
INSERT INTO "new_KindInfo" ("id", "kind", "notes", "podTemplate", "sources") SELECT "id", "kind", "notes", "podTemplate", "sources" FROM "KindInfo";
DROP TABLE "KindInfo";
ALTER TABLE "new_KindInfo" RENAME TO "KindInfo";
CREATE UNIQUE INDEX "KindInfo_kind_key" ON "KindInfo"("kind");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
