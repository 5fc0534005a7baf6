-- AlterTable
ALTER TABLE "User" ADD COLUMN     "bootstrapAdmin" BOOLEAN NOT NULL DEFAULT false;

-- The admin made at install is the one its creation's audit event names (actor "bootstrap").
UPDATE "User" SET "bootstrapAdmin" = true
WHERE "id" IN (
  SELECT "targetId" FROM "AuditEvent"
  WHERE "action" = 'user.create' AND "actorType" = 'system' AND "actorLabel" = 'bootstrap'
);
