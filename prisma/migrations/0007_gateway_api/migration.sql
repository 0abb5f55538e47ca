-- netkb migration 0007_gateway_api
-- CreateTable
CREATE TABLE "GatewayApiRelease" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "releasedOn" TEXT,
    "minKubernetes" INTEGER,
    "notes" TEXT,
    "sources" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "GatewayApiKind" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "releaseId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "group" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "plural" TEXT NOT NULL,
    "servedVersions" TEXT NOT NULL,
    "storageVersion" TEXT NOT NULL,
    "deprecatedVersions" TEXT NOT NULL,
    "bundleVersion" TEXT,
    CONSTRAINT "GatewayApiKind_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "GatewayApiRelease" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GatewayApiField" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "group" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "releases" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "GatewayApiChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "releaseId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "actionRequired" BOOLEAN NOT NULL,
    "prs" TEXT NOT NULL,
    "sources" TEXT NOT NULL,
    CONSTRAINT "GatewayApiChange_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "GatewayApiRelease" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IngressNginxAnnotation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "gatewayApi" TEXT,
    "conversion" TEXT,
    "reason" TEXT,
    "role" TEXT,
    "header" TEXT,
    "defaultValue" TEXT,
    "sources" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "IngressProvider" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "annotationPrefix" TEXT NOT NULL,
    "classAnnotation" TEXT NOT NULL,
    "regexPathsAnnotation" TEXT,
    "sources" TEXT NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "GatewayApiRelease_version_key" ON "GatewayApiRelease"("version");

-- CreateIndex
CREATE UNIQUE INDEX "GatewayApiRelease_position_key" ON "GatewayApiRelease"("position");

-- CreateIndex
CREATE UNIQUE INDEX "GatewayApiKind_releaseId_channel_group_kind_key" ON "GatewayApiKind"("releaseId", "channel", "group", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "GatewayApiField_group_kind_version_channel_path_key" ON "GatewayApiField"("group", "kind", "version", "channel", "path");

-- CreateIndex
CREATE UNIQUE INDEX "GatewayApiChange_key_key" ON "GatewayApiChange"("key");

-- CreateIndex
CREATE UNIQUE INDEX "GatewayApiChange_releaseId_position_key" ON "GatewayApiChange"("releaseId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "IngressNginxAnnotation_name_key" ON "IngressNginxAnnotation"("name");

-- CreateIndex
CREATE UNIQUE INDEX "IngressProvider_name_key" ON "IngressProvider"("name");
