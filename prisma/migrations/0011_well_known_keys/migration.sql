-- netkb migration 0011_well_known_keys
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
