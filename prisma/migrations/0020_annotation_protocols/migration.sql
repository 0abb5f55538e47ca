-- netkb migration 0020_annotation_protocols
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "protocols" TEXT;
