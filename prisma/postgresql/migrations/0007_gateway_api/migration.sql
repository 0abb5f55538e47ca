-- netkb migration 0007_gateway_api
-- CreateTable
CREATE TABLE "GatewayApiRelease" (
    "id" SERIAL NOT NULL,
    "version" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "releasedOn" TEXT,
    "minKubernetes" INTEGER,
    "notes" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "GatewayApiRelease_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GatewayApiKind" (
    "id" SERIAL NOT NULL,
    "releaseId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "group" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "plural" TEXT NOT NULL,
    "servedVersions" TEXT NOT NULL,
    "storageVersion" TEXT NOT NULL,
    "deprecatedVersions" TEXT NOT NULL,
    "bundleVersion" TEXT,

    CONSTRAINT "GatewayApiKind_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GatewayApiField" (
    "id" SERIAL NOT NULL,
    "group" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "releases" TEXT NOT NULL,

    CONSTRAINT "GatewayApiField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GatewayApiChange" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "releaseId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "actionRequired" BOOLEAN NOT NULL,
    "prs" TEXT NOT NULL,
    "sources" TEXT NOT NULL,

    CONSTRAINT "GatewayApiChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IngressNginxAnnotation" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "gatewayApi" TEXT,
    "conversion" TEXT,
    "reason" TEXT,
    "role" TEXT,
    "header" TEXT,
    "defaultValue" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "IngressNginxAnnotation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IngressProvider" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "annotationPrefix" TEXT NOT NULL,
    "classAnnotation" TEXT NOT NULL,
    "regexPathsAnnotation" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "IngressProvider_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "GatewayApiKind" ADD CONSTRAINT "GatewayApiKind_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "GatewayApiRelease"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GatewayApiChange" ADD CONSTRAINT "GatewayApiChange_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "GatewayApiRelease"("id") ON DELETE CASCADE ON UPDATE CASCADE;
