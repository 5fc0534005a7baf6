-- AlterTable
ALTER TABLE "Mesh" ADD COLUMN     "details" JSONB NOT NULL DEFAULT '{}';
