-- netkb migration 0021_annotation_controller_flag
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "controllerFlag" TEXT;
