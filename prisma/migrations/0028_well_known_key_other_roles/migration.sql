-- netkb migration 0028_well_known_key_other_roles
-- AlterTable
ALTER TABLE "WellKnownKey" ADD COLUMN "otherRoles" TEXT NOT NULL DEFAULT '[]';
