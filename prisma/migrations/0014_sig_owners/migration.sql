-- netkb migration 0014_sig_owners
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "apiGroupDomains" TEXT NOT NULL DEFAULT '[]',
    "sigOwners" TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO "new_KbMeta" ("addOns", "apiGroupDomains", "fileFields", "gateKeys", "id", "recordCount", "reservedKeyDomains", "seedHash", "seededAt", "toolGates") SELECT "addOns", "apiGroupDomains", "fileFields", "gateKeys", "id", "recordCount", "reservedKeyDomains", "seedHash", "seededAt", "toolGates" FROM "KbMeta";
DROP TABLE "KbMeta";
ALTER TABLE "new_KbMeta" RENAME TO "KbMeta";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
