-- netkb migration 0023_gateway_implementation
-- CreateTable
CREATE TABLE "GatewayImplementation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "repository" TEXT NOT NULL,
    "releases" TEXT NOT NULL,
    "policies" TEXT NOT NULL,
    "targetRefs" TEXT NOT NULL,
    "capabilities" TEXT NOT NULL,
    "sources" TEXT NOT NULL
);
