-- CreateEnum
CREATE TYPE "SourceKind" AS ENUM ('prometheus', 'alertmanager');

-- AlterTable
ALTER TABLE "GlobalService" ADD COLUMN     "access" JSONB,
ADD COLUMN     "trafficWeights" JSONB;

-- AlterTable
ALTER TABLE "PrometheusSource" ADD COLUMN     "kind" "SourceKind" NOT NULL DEFAULT 'prometheus';

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

