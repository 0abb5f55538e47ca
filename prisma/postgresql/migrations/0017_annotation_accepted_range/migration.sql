-- netkb migration 0017_annotation_accepted_range
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN     "acceptedMax" INTEGER,
ADD COLUMN     "acceptedMin" INTEGER;
