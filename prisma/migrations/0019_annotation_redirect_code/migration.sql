-- netkb migration 0019_annotation_redirect_code
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "redirectCode" INTEGER;
