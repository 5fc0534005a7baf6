-- AlterTable
ALTER TABLE "Cluster" ADD COLUMN     "servedApis" JSONB;
