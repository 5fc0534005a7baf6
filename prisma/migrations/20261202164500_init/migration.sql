-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('viewer', 'operator', 'admin');

-- CreateEnum
CREATE TYPE "ClusterKind" AS ENUM ('kubernetes', 'vm-site');

-- CreateEnum
CREATE TYPE "ClusterState" AS ENUM ('pending', 'live', 'disabled');

-- CreateEnum
CREATE TYPE "MeshType" AS ENUM ('istio', 'linkerd', 'cilium', 'consul', 'none');

-- CreateEnum
CREATE TYPE "ChangeSetStatus" AS ENUM ('pending', 'applied', 'failed', 'partial', 'rolled-back');

-- CreateEnum
CREATE TYPE "ClusterChangeStatus" AS ENUM ('pending', 'applied', 'failed');

-- CreateEnum
CREATE TYPE "SourceScope" AS ENUM ('global', 'cluster');

-- CreateEnum
CREATE TYPE "SourceAuth" AS ENUM ('none', 'basic', 'bearer');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'viewer',
    "disabledAt" TIMESTAMP(3),
    "lastLoginAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cluster" (
    "name" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT '',
    "region" TEXT NOT NULL,
    "zone" TEXT NOT NULL DEFAULT '',
    "network" TEXT NOT NULL DEFAULT '',
    "kind" "ClusterKind" NOT NULL DEFAULT 'kubernetes',
    "labels" JSONB NOT NULL DEFAULT '{}',
    "state" "ClusterState" NOT NULL DEFAULT 'pending',
    "simulated" BOOLEAN NOT NULL DEFAULT false,
    "lastSeenAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Cluster_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "Mesh" (
    "id" TEXT NOT NULL,
    "clusterName" TEXT NOT NULL,
    "type" "MeshType" NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "trustDomain" TEXT NOT NULL DEFAULT '',
    "rootCaFingerprint" TEXT NOT NULL DEFAULT '',
    "detectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Mesh_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Service" (
    "id" TEXT NOT NULL,
    "clusterName" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "ports" JSONB NOT NULL DEFAULT '[]',
    "labels" JSONB NOT NULL DEFAULT '{}',
    "endpointsReady" INTEGER NOT NULL DEFAULT 0,
    "endpointsTotal" INTEGER NOT NULL DEFAULT 0,
    "endpointsByZone" JSONB NOT NULL DEFAULT '{}',
    "globalServiceId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Service_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GlobalService" (
    "id" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GlobalService_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceExport" (
    "id" TEXT NOT NULL,
    "globalServiceId" TEXT NOT NULL,
    "clusterName" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceExport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceImport" (
    "id" TEXT NOT NULL,
    "globalServiceId" TEXT NOT NULL,
    "clusterName" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FailoverPolicy" (
    "id" TEXT NOT NULL,
    "globalServiceId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "tiers" JSONB NOT NULL DEFAULT '[]',
    "consecutive5xx" INTEGER NOT NULL DEFAULT 5,
    "intervalSeconds" INTEGER NOT NULL DEFAULT 10,
    "baseEjectionSeconds" INTEGER NOT NULL DEFAULT 30,
    "maxEjectionPercent" INTEGER NOT NULL DEFAULT 100,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FailoverPolicy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Agent" (
    "clusterName" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "hostname" TEXT NOT NULL DEFAULT '',
    "connectedAt" TIMESTAMP(3),
    "lastReportAt" TIMESTAMP(3),
    "lastSnapshotAt" TIMESTAMP(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("clusterName")
);

-- CreateTable
CREATE TABLE "AgentCredential" (
    "id" TEXT NOT NULL,
    "clusterName" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "AgentCredential_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JoinToken" (
    "id" TEXT NOT NULL,
    "clusterName" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JoinToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DesiredState" (
    "clusterName" TEXT NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 0,
    "resources" JSONB NOT NULL DEFAULT '[]',
    "contentHash" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DesiredState_pkey" PRIMARY KEY ("clusterName")
);

-- CreateTable
CREATE TABLE "ObservedState" (
    "clusterName" TEXT NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 0,
    "results" JSONB NOT NULL DEFAULT '[]',
    "reportedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ObservedState_pkey" PRIMARY KEY ("clusterName")
);

-- CreateTable
CREATE TABLE "ChangeSet" (
    "id" TEXT NOT NULL,
    "number" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "status" "ChangeSetStatus" NOT NULL DEFAULT 'pending',
    "intentBefore" JSONB NOT NULL DEFAULT '{}',
    "intentAfter" JSONB NOT NULL DEFAULT '{}',
    "plan" JSONB NOT NULL DEFAULT '{}',
    "rollbackOfId" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChangeSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeSetCluster" (
    "changeSetId" TEXT NOT NULL,
    "clusterName" TEXT NOT NULL,
    "generation" INTEGER NOT NULL,
    "status" "ClusterChangeStatus" NOT NULL DEFAULT 'pending',
    "message" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChangeSetCluster_pkey" PRIMARY KEY ("changeSetId","clusterName")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "actorLabel" TEXT NOT NULL DEFAULT '',
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrometheusSource" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "scope" "SourceScope" NOT NULL DEFAULT 'global',
    "clusterName" TEXT,
    "auth" "SourceAuth" NOT NULL DEFAULT 'none',
    "authSecret" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PrometheusSource_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_revokedAt_idx" ON "ApiToken"("userId", "revokedAt");

-- CreateIndex
CREATE INDEX "Cluster_region_idx" ON "Cluster"("region");

-- CreateIndex
CREATE INDEX "Cluster_state_idx" ON "Cluster"("state");

-- CreateIndex
CREATE UNIQUE INDEX "Mesh_clusterName_type_key" ON "Mesh"("clusterName", "type");

-- CreateIndex
CREATE INDEX "Service_namespace_name_idx" ON "Service"("namespace", "name");

-- CreateIndex
CREATE INDEX "Service_globalServiceId_idx" ON "Service"("globalServiceId");

-- CreateIndex
CREATE UNIQUE INDEX "Service_clusterName_namespace_name_key" ON "Service"("clusterName", "namespace", "name");

-- CreateIndex
CREATE UNIQUE INDEX "GlobalService_hostname_key" ON "GlobalService"("hostname");

-- CreateIndex
CREATE INDEX "GlobalService_name_idx" ON "GlobalService"("name");

-- CreateIndex
CREATE UNIQUE INDEX "GlobalService_namespace_name_key" ON "GlobalService"("namespace", "name");

-- CreateIndex
CREATE INDEX "ServiceExport_clusterName_idx" ON "ServiceExport"("clusterName");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceExport_globalServiceId_clusterName_key" ON "ServiceExport"("globalServiceId", "clusterName");

-- CreateIndex
CREATE INDEX "ServiceImport_clusterName_idx" ON "ServiceImport"("clusterName");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceImport_globalServiceId_clusterName_key" ON "ServiceImport"("globalServiceId", "clusterName");

-- CreateIndex
CREATE UNIQUE INDEX "FailoverPolicy_globalServiceId_key" ON "FailoverPolicy"("globalServiceId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentCredential_tokenHash_key" ON "AgentCredential"("tokenHash");

-- CreateIndex
CREATE INDEX "AgentCredential_clusterName_revokedAt_idx" ON "AgentCredential"("clusterName", "revokedAt");

-- CreateIndex
CREATE UNIQUE INDEX "JoinToken_tokenHash_key" ON "JoinToken"("tokenHash");

-- CreateIndex
CREATE INDEX "JoinToken_clusterName_idx" ON "JoinToken"("clusterName");

-- CreateIndex
CREATE UNIQUE INDEX "ChangeSet_number_key" ON "ChangeSet"("number");

-- CreateIndex
CREATE INDEX "ChangeSet_createdAt_idx" ON "ChangeSet"("createdAt");

-- CreateIndex
CREATE INDEX "ChangeSetCluster_clusterName_status_idx" ON "ChangeSetCluster"("clusterName", "status");

-- CreateIndex
CREATE INDEX "AuditEvent_at_idx" ON "AuditEvent"("at");

-- CreateIndex
CREATE INDEX "AuditEvent_targetType_targetId_idx" ON "AuditEvent"("targetType", "targetId");

-- CreateIndex
CREATE UNIQUE INDEX "PrometheusSource_name_key" ON "PrometheusSource"("name");

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mesh" ADD CONSTRAINT "Mesh_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_globalServiceId_fkey" FOREIGN KEY ("globalServiceId") REFERENCES "GlobalService"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceExport" ADD CONSTRAINT "ServiceExport_globalServiceId_fkey" FOREIGN KEY ("globalServiceId") REFERENCES "GlobalService"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceExport" ADD CONSTRAINT "ServiceExport_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceImport" ADD CONSTRAINT "ServiceImport_globalServiceId_fkey" FOREIGN KEY ("globalServiceId") REFERENCES "GlobalService"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceImport" ADD CONSTRAINT "ServiceImport_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FailoverPolicy" ADD CONSTRAINT "FailoverPolicy_globalServiceId_fkey" FOREIGN KEY ("globalServiceId") REFERENCES "GlobalService"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentCredential" ADD CONSTRAINT "AgentCredential_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JoinToken" ADD CONSTRAINT "JoinToken_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JoinToken" ADD CONSTRAINT "JoinToken_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DesiredState" ADD CONSTRAINT "DesiredState_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ObservedState" ADD CONSTRAINT "ObservedState_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSet" ADD CONSTRAINT "ChangeSet_rollbackOfId_fkey" FOREIGN KEY ("rollbackOfId") REFERENCES "ChangeSet"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSet" ADD CONSTRAINT "ChangeSet_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSetCluster" ADD CONSTRAINT "ChangeSetCluster_changeSetId_fkey" FOREIGN KEY ("changeSetId") REFERENCES "ChangeSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSetCluster" ADD CONSTRAINT "ChangeSetCluster_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrometheusSource" ADD CONSTRAINT "PrometheusSource_clusterName_fkey" FOREIGN KEY ("clusterName") REFERENCES "Cluster"("name") ON DELETE CASCADE ON UPDATE CASCADE;
