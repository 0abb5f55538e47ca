-- netkb migration 0009_api_version_served_by_default_unknown
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ApiVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "group" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "announcedRemovalIn" INTEGER,
    "replacementId" INTEGER,
    "replacementAvailableIn" INTEGER,
    "servedByDefault" BOOLEAN,
    "migrationNotes" TEXT,
    "conversion" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL,
    CONSTRAINT "ApiVersion_replacementId_fkey" FOREIGN KEY ("replacementId") REFERENCES "ApiVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ApiVersion" ("announcedRemovalIn", "conversion", "deprecatedIn", "group", "id", "introducedIn", "kind", "migrationNotes", "notes", "removedIn", "replacementAvailableIn", "replacementId", "servedByDefault", "sources", "version") SELECT "announcedRemovalIn", "conversion", "deprecatedIn", "group", "id", "introducedIn", "kind", "migrationNotes", "notes", "removedIn", "replacementAvailableIn", "replacementId", "servedByDefault", "sources", "version" FROM "ApiVersion";
DROP TABLE "ApiVersion";
ALTER TABLE "new_ApiVersion" RENAME TO "ApiVersion";
CREATE UNIQUE INDEX "ApiVersion_group_version_kind_key" ON "ApiVersion"("group", "version", "kind");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
