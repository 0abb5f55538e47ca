-- netkb migration 0008_annotation_access
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN     "accessControl" TEXT,
ADD COLUMN     "accessOffValues" TEXT,
ADD COLUMN     "accessPart" TEXT,
ADD COLUMN     "accessScope" TEXT;
