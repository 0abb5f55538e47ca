-- netkb migration 0008_annotation_access
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "accessControl" TEXT;
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "accessOffValues" TEXT;
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "accessPart" TEXT;
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "accessScope" TEXT;
