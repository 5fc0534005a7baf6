-- AlterTable
ALTER TABLE "FederationPeer" ADD COLUMN     "domains" TEXT[] DEFAULT ARRAY[]::TEXT[];
