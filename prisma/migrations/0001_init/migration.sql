-- netkb migration 0001_init
-- CreateTable
CREATE TABLE "KbMeta" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "seedHash" TEXT NOT NULL,
    "seededAt" TEXT NOT NULL,
    "recordCount" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "Release" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL,
    "releasedOn" TEXT,
    "endOfLifeOn" TEXT,
    "preliminary" BOOLEAN NOT NULL DEFAULT false,
    "sources" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "FeatureGate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "sigs" TEXT NOT NULL,
    "components" TEXT NOT NULL,
    "kep" TEXT,
    "removedIn" INTEGER,
    "notes" TEXT,
    "sources" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "FeatureGateStage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gateId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "stage" TEXT NOT NULL,
    "defaultEnabled" BOOLEAN NOT NULL,
    "lockedToDefault" BOOLEAN NOT NULL,
    "since" INTEGER NOT NULL,
    "until" INTEGER,
    CONSTRAINT "FeatureGateStage_gateId_fkey" FOREIGN KEY ("gateId") REFERENCES "FeatureGate" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Flag" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "component" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacements" TEXT NOT NULL,
    "configField" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "FlagDefault" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "flagId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "since" INTEGER NOT NULL,
    CONSTRAINT "FlagDefault_flagId_fkey" FOREIGN KEY ("flagId") REFERENCES "Flag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FlagValue" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "flagId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacement" TEXT,
    CONSTRAINT "FlagValue_flagId_fkey" FOREIGN KEY ("flagId") REFERENCES "Flag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiVersion" (
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
    "servedByDefault" BOOLEAN NOT NULL DEFAULT true,
    "migrationNotes" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL,
    CONSTRAINT "ApiVersion_replacementId_fkey" FOREIGN KEY ("replacementId") REFERENCES "ApiVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiField" (
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
    "notes" TEXT,
    "sources" TEXT NOT NULL,
    CONSTRAINT "ApiField_featureGateId_fkey" FOREIGN KEY ("featureGateId") REFERENCES "FeatureGate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WellKnownKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacement" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "Metric" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "component" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "notes" TEXT,
    "sources" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "Change" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "actionRequired" BOOLEAN NOT NULL,
    "sigs" TEXT NOT NULL,
    "components" TEXT NOT NULL,
    "prs" TEXT NOT NULL,
    "authors" TEXT NOT NULL,
    "sources" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "_ApiVersionToChange" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,
    CONSTRAINT "_ApiVersionToChange_A_fkey" FOREIGN KEY ("A") REFERENCES "ApiVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_ApiVersionToChange_B_fkey" FOREIGN KEY ("B") REFERENCES "Change" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "_ApiFieldToChange" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,
    CONSTRAINT "_ApiFieldToChange_A_fkey" FOREIGN KEY ("A") REFERENCES "ApiField" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_ApiFieldToChange_B_fkey" FOREIGN KEY ("B") REFERENCES "Change" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "_ChangeToFeatureGate" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,
    CONSTRAINT "_ChangeToFeatureGate_A_fkey" FOREIGN KEY ("A") REFERENCES "Change" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_ChangeToFeatureGate_B_fkey" FOREIGN KEY ("B") REFERENCES "FeatureGate" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "_ChangeToFlag" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,
    CONSTRAINT "_ChangeToFlag_A_fkey" FOREIGN KEY ("A") REFERENCES "Change" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_ChangeToFlag_B_fkey" FOREIGN KEY ("B") REFERENCES "Flag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "_ChangeToWellKnownKey" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,
    CONSTRAINT "_ChangeToWellKnownKey_A_fkey" FOREIGN KEY ("A") REFERENCES "Change" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_ChangeToWellKnownKey_B_fkey" FOREIGN KEY ("B") REFERENCES "WellKnownKey" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "_ChangeToMetric" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,
    CONSTRAINT "_ChangeToMetric_A_fkey" FOREIGN KEY ("A") REFERENCES "Change" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_ChangeToMetric_B_fkey" FOREIGN KEY ("B") REFERENCES "Metric" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Release_version_key" ON "Release"("version");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureGate_name_key" ON "FeatureGate"("name");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureGateStage_gateId_position_key" ON "FeatureGateStage"("gateId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Flag_component_name_key" ON "Flag"("component", "name");

-- CreateIndex
CREATE UNIQUE INDEX "FlagDefault_flagId_since_key" ON "FlagDefault"("flagId", "since");

-- CreateIndex
CREATE UNIQUE INDEX "FlagValue_flagId_value_key" ON "FlagValue"("flagId", "value");

-- CreateIndex
CREATE UNIQUE INDEX "ApiVersion_group_version_kind_key" ON "ApiVersion"("group", "version", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "ApiField_kind_path_key" ON "ApiField"("kind", "path");

-- CreateIndex
CREATE UNIQUE INDEX "WellKnownKey_key_key" ON "WellKnownKey"("key");

-- CreateIndex
CREATE UNIQUE INDEX "Metric_component_name_key" ON "Metric"("component", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Change_key_key" ON "Change"("key");

-- CreateIndex
CREATE INDEX "Change_version_idx" ON "Change"("version");

-- CreateIndex
CREATE UNIQUE INDEX "_ApiVersionToChange_AB_unique" ON "_ApiVersionToChange"("A", "B");

-- CreateIndex
CREATE INDEX "_ApiVersionToChange_B_index" ON "_ApiVersionToChange"("B");

-- CreateIndex
CREATE UNIQUE INDEX "_ApiFieldToChange_AB_unique" ON "_ApiFieldToChange"("A", "B");

-- CreateIndex
CREATE INDEX "_ApiFieldToChange_B_index" ON "_ApiFieldToChange"("B");

-- CreateIndex
CREATE UNIQUE INDEX "_ChangeToFeatureGate_AB_unique" ON "_ChangeToFeatureGate"("A", "B");

-- CreateIndex
CREATE INDEX "_ChangeToFeatureGate_B_index" ON "_ChangeToFeatureGate"("B");

-- CreateIndex
CREATE UNIQUE INDEX "_ChangeToFlag_AB_unique" ON "_ChangeToFlag"("A", "B");

-- CreateIndex
CREATE INDEX "_ChangeToFlag_B_index" ON "_ChangeToFlag"("B");

-- CreateIndex
CREATE UNIQUE INDEX "_ChangeToWellKnownKey_AB_unique" ON "_ChangeToWellKnownKey"("A", "B");

-- CreateIndex
CREATE INDEX "_ChangeToWellKnownKey_B_index" ON "_ChangeToWellKnownKey"("B");

-- CreateIndex
CREATE UNIQUE INDEX "_ChangeToMetric_AB_unique" ON "_ChangeToMetric"("A", "B");

-- CreateIndex
CREATE INDEX "_ChangeToMetric_B_index" ON "_ChangeToMetric"("B");
