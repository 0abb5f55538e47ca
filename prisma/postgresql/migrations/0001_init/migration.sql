-- netkb migration 0001_init
-- CreateTable
CREATE TABLE "KbMeta" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "seedHash" TEXT NOT NULL,
    "seededAt" TEXT NOT NULL,
    "recordCount" INTEGER NOT NULL,

    CONSTRAINT "KbMeta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Release" (
    "id" SERIAL NOT NULL,
    "version" INTEGER NOT NULL,
    "releasedOn" TEXT,
    "endOfLifeOn" TEXT,
    "preliminary" BOOLEAN NOT NULL DEFAULT false,
    "sources" TEXT NOT NULL,

    CONSTRAINT "Release_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeatureGate" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "sigs" TEXT NOT NULL,
    "components" TEXT NOT NULL,
    "kep" TEXT,
    "removedIn" INTEGER,
    "notes" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "FeatureGate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeatureGateStage" (
    "id" SERIAL NOT NULL,
    "gateId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "stage" TEXT NOT NULL,
    "defaultEnabled" BOOLEAN NOT NULL,
    "lockedToDefault" BOOLEAN NOT NULL,
    "since" INTEGER NOT NULL,
    "until" INTEGER,

    CONSTRAINT "FeatureGateStage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Flag" (
    "id" SERIAL NOT NULL,
    "component" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacements" TEXT NOT NULL,
    "configField" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "Flag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlagDefault" (
    "id" SERIAL NOT NULL,
    "flagId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "since" INTEGER NOT NULL,

    CONSTRAINT "FlagDefault_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlagValue" (
    "id" SERIAL NOT NULL,
    "flagId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacement" TEXT,

    CONSTRAINT "FlagValue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiVersion" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "ApiVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiField" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "ApiField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WellKnownKey" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "replacement" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "WellKnownKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Metric" (
    "id" SERIAL NOT NULL,
    "component" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "introducedIn" INTEGER,
    "deprecatedIn" INTEGER,
    "removedIn" INTEGER,
    "notes" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "Metric_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Change" (
    "id" SERIAL NOT NULL,
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
    "sources" TEXT NOT NULL,

    CONSTRAINT "Change_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_ApiVersionToChange" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_ApiVersionToChange_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_ApiFieldToChange" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_ApiFieldToChange_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_ChangeToFeatureGate" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_ChangeToFeatureGate_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_ChangeToFlag" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_ChangeToFlag_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_ChangeToWellKnownKey" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_ChangeToWellKnownKey_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_ChangeToMetric" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_ChangeToMetric_AB_pkey" PRIMARY KEY ("A","B")
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
CREATE INDEX "_ApiVersionToChange_B_index" ON "_ApiVersionToChange"("B");

-- CreateIndex
CREATE INDEX "_ApiFieldToChange_B_index" ON "_ApiFieldToChange"("B");

-- CreateIndex
CREATE INDEX "_ChangeToFeatureGate_B_index" ON "_ChangeToFeatureGate"("B");

-- CreateIndex
CREATE INDEX "_ChangeToFlag_B_index" ON "_ChangeToFlag"("B");

-- CreateIndex
CREATE INDEX "_ChangeToWellKnownKey_B_index" ON "_ChangeToWellKnownKey"("B");

-- CreateIndex
CREATE INDEX "_ChangeToMetric_B_index" ON "_ChangeToMetric"("B");

-- AddForeignKey
ALTER TABLE "FeatureGateStage" ADD CONSTRAINT "FeatureGateStage_gateId_fkey" FOREIGN KEY ("gateId") REFERENCES "FeatureGate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlagDefault" ADD CONSTRAINT "FlagDefault_flagId_fkey" FOREIGN KEY ("flagId") REFERENCES "Flag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlagValue" ADD CONSTRAINT "FlagValue_flagId_fkey" FOREIGN KEY ("flagId") REFERENCES "Flag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiVersion" ADD CONSTRAINT "ApiVersion_replacementId_fkey" FOREIGN KEY ("replacementId") REFERENCES "ApiVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiField" ADD CONSTRAINT "ApiField_featureGateId_fkey" FOREIGN KEY ("featureGateId") REFERENCES "FeatureGate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ApiVersionToChange" ADD CONSTRAINT "_ApiVersionToChange_A_fkey" FOREIGN KEY ("A") REFERENCES "ApiVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ApiVersionToChange" ADD CONSTRAINT "_ApiVersionToChange_B_fkey" FOREIGN KEY ("B") REFERENCES "Change"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ApiFieldToChange" ADD CONSTRAINT "_ApiFieldToChange_A_fkey" FOREIGN KEY ("A") REFERENCES "ApiField"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ApiFieldToChange" ADD CONSTRAINT "_ApiFieldToChange_B_fkey" FOREIGN KEY ("B") REFERENCES "Change"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ChangeToFeatureGate" ADD CONSTRAINT "_ChangeToFeatureGate_A_fkey" FOREIGN KEY ("A") REFERENCES "Change"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ChangeToFeatureGate" ADD CONSTRAINT "_ChangeToFeatureGate_B_fkey" FOREIGN KEY ("B") REFERENCES "FeatureGate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ChangeToFlag" ADD CONSTRAINT "_ChangeToFlag_A_fkey" FOREIGN KEY ("A") REFERENCES "Change"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ChangeToFlag" ADD CONSTRAINT "_ChangeToFlag_B_fkey" FOREIGN KEY ("B") REFERENCES "Flag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ChangeToWellKnownKey" ADD CONSTRAINT "_ChangeToWellKnownKey_A_fkey" FOREIGN KEY ("A") REFERENCES "Change"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ChangeToWellKnownKey" ADD CONSTRAINT "_ChangeToWellKnownKey_B_fkey" FOREIGN KEY ("B") REFERENCES "WellKnownKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ChangeToMetric" ADD CONSTRAINT "_ChangeToMetric_A_fkey" FOREIGN KEY ("A") REFERENCES "Change"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ChangeToMetric" ADD CONSTRAINT "_ChangeToMetric_B_fkey" FOREIGN KEY ("B") REFERENCES "Metric"("id") ON DELETE CASCADE ON UPDATE CASCADE;
