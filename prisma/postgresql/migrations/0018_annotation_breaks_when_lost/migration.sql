-- netkb migration 0018_annotation_breaks_when_lost
-- AlterTable
ALTER TABLE "IngressNginxAnnotation" ADD COLUMN     "breaksWhenLost" BOOLEAN NOT NULL DEFAULT false;
