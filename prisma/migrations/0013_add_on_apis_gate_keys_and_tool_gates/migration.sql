-- netkb migration 0013_add_on_apis_gate_keys_and_tool_gates
-- AlterTable
ALTER TABLE "Flag" ADD COLUMN "successor" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_FlagValue" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "flagId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacement" TEXT,
    "alternatives" TEXT NOT NULL DEFAULT '[]',
    CONSTRAINT "FlagValue_flagId_fkey" FOREIGN KEY ("flagId") REFERENCES "Flag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_FlagValue" ("deprecatedIn", "flagId", "id", "introducedIn", "removedIn", "replacement", "value") SELECT "deprecatedIn", "flagId", "id", "introducedIn", "removedIn", "replacement", "value" FROM "FlagValue";
DROP TABLE "FlagValue";
ALTER TABLE "new_FlagValue" RENAME TO "FlagValue";
CREATE UNIQUE INDEX "FlagValue_flagId_value_key" ON "FlagValue"("flagId", "value");
CREATE TABLE "new_KbMeta" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "seedHash" TEXT NOT NULL,
    "seededAt" TEXT NOT NULL,
    "recordCount" INTEGER NOT NULL,
    "reservedKeyDomains" TEXT NOT NULL DEFAULT '[]',
    "fileFields" TEXT NOT NULL DEFAULT '[]',
    "addOns" TEXT NOT NULL DEFAULT '{"addOns":[],"apis":[]}',
    "toolGates" TEXT NOT NULL DEFAULT '[]',
    "gateKeys" TEXT NOT NULL DEFAULT '[]',
    "apiGroupDomains" TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO "new_KbMeta" ("fileFields", "id", "recordCount", "reservedKeyDomains", "seedHash", "seededAt") SELECT "fileFields", "id", "recordCount", "reservedKeyDomains", "seedHash", "seededAt" FROM "KbMeta";
DROP TABLE "KbMeta";
ALTER TABLE "new_KbMeta" RENAME TO "KbMeta";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
