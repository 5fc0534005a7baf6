-- CreateTable
CREATE TABLE "TrustBundle" (
    "trustDomain" TEXT NOT NULL,
    "rootsHash" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrustBundle_pkey" PRIMARY KEY ("trustDomain")
);

-- CreateIndex
CREATE INDEX "Mesh_trustDomain_idx" ON "Mesh"("trustDomain");
