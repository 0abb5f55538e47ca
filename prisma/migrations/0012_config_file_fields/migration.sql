-- netkb migration 0012_config_file_fields
-- AlterTable
ALTER TABLE "KindInfo" ADD COLUMN "configFileOf" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ApiField" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "apiVersions" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "featureGateId" INTEGER,
    "replacement" TEXT,
    "generated" BOOLEAN NOT NULL DEFAULT false,
    "conversion" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL,
    CONSTRAINT "ApiField_featureGateId_fkey" FOREIGN KEY ("featureGateId") REFERENCES "FeatureGate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ApiField" ("apiVersions", "conversion", "deprecatedIn", "featureGateId", "id", "introducedIn", "kind", "notes", "path", "removedIn", "replacement", "sources", "summary") SELECT "apiVersions", "conversion", "deprecatedIn", "featureGateId", "id", "introducedIn", "kind", "notes", "path", "removedIn", "replacement", "sources", "summary" FROM "ApiField";
DROP TABLE "ApiField";
ALTER TABLE "new_ApiField" RENAME TO "ApiField";
CREATE UNIQUE INDEX "ApiField_kind_path_key" ON "ApiField"("kind", "path");
CREATE TABLE "new_KbMeta" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "seedHash" TEXT NOT NULL,
    "seededAt" TEXT NOT NULL,
    "recordCount" INTEGER NOT NULL,
    "reservedKeyDomains" TEXT NOT NULL DEFAULT '[]',
    "fileFields" TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO "new_KbMeta" ("id", "recordCount", "reservedKeyDomains", "seedHash", "seededAt") SELECT "id", "recordCount", "reservedKeyDomains", "seedHash", "seededAt" FROM "KbMeta";
DROP TABLE "KbMeta";
ALTER TABLE "new_KbMeta" RENAME TO "KbMeta";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
