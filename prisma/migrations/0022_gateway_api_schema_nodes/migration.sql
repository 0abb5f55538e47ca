-- netkb migration 0022_gateway_api_schema_nodes
-- CreateTable
CREATE TABLE "GatewayApiSchemaNode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "group" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "releases" TEXT NOT NULL,
    "rules" TEXT NOT NULL,
    "defaultJson" TEXT
);

-- CreateIndex
CREATE INDEX "GatewayApiSchemaNode_group_kind_version_channel_path_idx" ON "GatewayApiSchemaNode"("group", "kind", "version", "channel", "path");
