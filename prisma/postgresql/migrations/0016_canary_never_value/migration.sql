-- netkb migration 0016_canary_never_value
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN     "neverValue" TEXT;
