-- netkb migration 0017_annotation_accepted_range
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "acceptedMax" INTEGER;
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN "acceptedMin" INTEGER;
