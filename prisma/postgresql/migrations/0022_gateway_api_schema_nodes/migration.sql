-- netkb migration 0022_gateway_api_schema_nodes
-- CreateTable
CREATE TABLE "GatewayApiSchemaNode" (
    "id" SERIAL NOT NULL,
    "group" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "releases" TEXT NOT NULL,
    "rules" TEXT NOT NULL,
    "defaultJson" TEXT,

    CONSTRAINT "GatewayApiSchemaNode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GatewayApiSchemaNode_group_kind_version_channel_path_idx" ON "GatewayApiSchemaNode"("group", "kind", "version", "channel", "path");
