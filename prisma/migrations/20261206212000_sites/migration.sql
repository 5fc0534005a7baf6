-- AlterTable
ALTER TABLE "Cluster" ADD COLUMN     "hostCluster" TEXT;

-- AlterTable
ALTER TABLE "Service" ADD COLUMN     "workloads" JSONB;
