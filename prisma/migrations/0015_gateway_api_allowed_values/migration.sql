-- netkb migration 0015_gateway_api_allowed_values
-- AlterTable
ALTER TABLE "GatewayApiField" ADD COLUMN "allowedValues" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "IngressProvider" ADD COLUMN "httpsRedirectCode" INTEGER;
