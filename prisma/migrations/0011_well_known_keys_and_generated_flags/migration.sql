-- netkb migration 0011_well_known_keys_and_generated_flags
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Flag" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "component" TEXT NOT NULL,
    "generated" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacements" TEXT NOT NULL,
    "configField" TEXT,
    "conversion" TEXT,
    "inertFrom" INTEGER,
    "acceptsOnly" TEXT,
    "onlyWith" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL
);
INSERT INTO "new_Flag" ("acceptsOnly", "component", "configField", "conversion", "deprecatedIn", "id", "inertFrom", "introducedIn", "name", "notes", "onlyWith", "removedIn", "replacements", "sources", "summary") SELECT "acceptsOnly", "component", "configField", "conversion", "deprecatedIn", "id", "inertFrom", "introducedIn", "name", "notes", "onlyWith", "removedIn", "replacements", "sources", "summary" FROM "Flag";
DROP TABLE "Flag";
ALTER TABLE "new_Flag" RENAME TO "Flag";
CREATE UNIQUE INDEX "Flag_component_name_key" ON "Flag"("component", "name");
CREATE TABLE "new_KbMeta" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "seedHash" TEXT NOT NULL,
    "seededAt" TEXT NOT NULL,
    "recordCount" INTEGER NOT NULL,
    "reservedKeyDomains" TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO "new_KbMeta" ("id", "recordCount", "seedHash", "seededAt") SELECT "id", "recordCount", "seedHash", "seededAt" FROM "KbMeta";
DROP TABLE "KbMeta";
ALTER TABLE "new_KbMeta" RENAME TO "KbMeta";
CREATE TABLE "new_WellKnownKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "type" TEXT,
    "generated" BOOLEAN NOT NULL DEFAULT false,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacement" TEXT,
    "replacementIn" INTEGER,
    "notes" TEXT,
    "sources" TEXT NOT NULL
);
INSERT INTO "new_WellKnownKey" ("deprecatedIn", "id", "introducedIn", "key", "notes", "removedIn", "replacement", "replacementIn", "sources", "summary", "type") SELECT "deprecatedIn", "id", "introducedIn", "key", "notes", "removedIn", "replacement", "replacementIn", "sources", "summary", "type" FROM "WellKnownKey";
DROP TABLE "WellKnownKey";
ALTER TABLE "new_WellKnownKey" RENAME TO "WellKnownKey";
CREATE UNIQUE INDEX "WellKnownKey_key_key" ON "WellKnownKey"("key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
