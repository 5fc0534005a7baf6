-- CreateTable
CREATE TABLE "FederationPeer" (
    "name" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "caPem" TEXT NOT NULL,
    "bundleEndpoint" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "connected" BOOLEAN NOT NULL DEFAULT false,
    "lastConnectedAt" TIMESTAMP(3),
    "lastError" TEXT NOT NULL DEFAULT '',
    "lastNackSide" TEXT NOT NULL DEFAULT '',
    "lastNackMessage" TEXT NOT NULL DEFAULT '',
    "lastNackAt" TIMESTAMP(3),
    "lastAckAt" TIMESTAMP(3),

    CONSTRAINT "FederationPeer_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "FederatedExport" (
    "peerName" TEXT NOT NULL,
    "globalServiceId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FederatedExport_pkey" PRIMARY KEY ("peerName","globalServiceId")
);

-- CreateTable
CREATE TABLE "FederationGateway" (
    "clusterName" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "port" INTEGER NOT NULL DEFAULT 15443,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FederationGateway_pkey" PRIMARY KEY ("clusterName")
);

-- CreateTable
CREATE TABLE "OfferedService" (
    "peerName" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "service" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OfferedService_pkey" PRIMARY KEY ("peerName","name")
);

-- CreateTable
CREATE TABLE "FederatedImport" (
    "peerName" TEXT NOT NULL,
    "serviceName" TEXT NOT NULL,
    "clusters" TEXT[],
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FederatedImport_pkey" PRIMARY KEY ("peerName","serviceName")
);

-- CreateIndex
CREATE INDEX "FederatedExport_globalServiceId_idx" ON "FederatedExport"("globalServiceId");

-- AddForeignKey
ALTER TABLE "FederatedExport" ADD CONSTRAINT "FederatedExport_peerName_fkey" FOREIGN KEY ("peerName") REFERENCES "FederationPeer"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FederatedExport" ADD CONSTRAINT "FederatedExport_globalServiceId_fkey" FOREIGN KEY ("globalServiceId") REFERENCES "GlobalService"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FederationGateway" ADD CONSTRAINT "FederationGateway_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OfferedService" ADD CONSTRAINT "OfferedService_peerName_fkey" FOREIGN KEY ("peerName") REFERENCES "FederationPeer"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FederatedImport" ADD CONSTRAINT "FederatedImport_peerName_fkey" FOREIGN KEY ("peerName") REFERENCES "FederationPeer"("name") ON DELETE CASCADE ON UPDATE CASCADE;
