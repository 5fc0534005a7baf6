import "server-only";
import type { ClusterSummary, MeshDto, ServiceDto } from "@/lib/model/inventory";
import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import { agentStatus, isStale } from "@/lib/domain/cluster-status";
import { env } from "@/lib/infra/env";
import {
  clusterLabelsColumn,
  endpointsByZoneColumn,
  labelsColumn,
  portsColumn,
  readColumn,
} from "@/lib/store/json-columns";

// Row → DTO mapping shared by the cluster, service and overview queries.

/** Meshes in detection order, the order lib/agent-protocol/primary-mesh.ts picks from. */
export const MESH_ORDER: { detectedAt?: "asc"; type?: "asc" }[] = [
  { detectedAt: "asc" },
  { type: "asc" },
];

export const CLUSTER_INCLUDE = { meshes: { orderBy: MESH_ORDER }, agent: true } as const;

type MeshRow = {
  type: MeshTypeName;
  version: string;
  trustDomain: string;
  rootCaFingerprint: string;
};
export type ClusterRow = {
  name: string;
  displayName: string;
  provider: string;
  region: string;
  zone: string;
  network: string;
  kind: "kubernetes" | "vm_site";
  hostCluster?: string | null;
  labels: unknown;
  state: "pending" | "live" | "disabled";
  simulated: boolean;
  lastSeenAt: Date | null;
  version: number;
  createdAt: Date;
  meshes: MeshRow[];
  agent: { version: string; lastReportAt: Date | null } | null;
};
export type ServiceCounts = { services: number; ready: number; total: number };

export const toMeshDto = (m: MeshRow): MeshDto => ({
  type: m.type,
  version: m.version,
  trustDomain: m.trustDomain,
  rootCaFingerprint: m.rootCaFingerprint,
});

/** The stale threshold and the clock, read once per request. */
export function staleness(): { now: Date; after: number } {
  return { now: new Date(), after: env().MERIDIAN_STALE_AFTER_SECONDS };
}

export function toClusterSummary(
  c: ClusterRow,
  counts: ServiceCounts | undefined,
  clock = staleness(),
): ClusterSummary {
  return {
    name: c.name,
    displayName: c.displayName,
    provider: c.provider,
    region: c.region,
    zone: c.zone,
    network: c.network,
    kind: c.kind === "vm_site" ? "vm-site" : "kubernetes",
    ...(c.hostCluster ? { hostCluster: c.hostCluster } : {}),
    labels: readColumn(clusterLabelsColumn, c.labels ?? {}, "Cluster.labels", {}),
    state: c.state,
    simulated: c.simulated,
    lastSeenAt: c.lastSeenAt?.toISOString() ?? null,
    stale: isStale(c.lastSeenAt, clock.now, clock.after),
    meshes: c.meshes.map(toMeshDto),
    serviceCount: counts?.services ?? 0,
    endpoints: { ready: counts?.ready ?? 0, total: counts?.total ?? 0 },
    agent: {
      status: agentStatus(c.state, c.lastSeenAt, clock.now, clock.after),
      version: c.agent?.version ?? "",
      lastReportAt: c.agent?.lastReportAt?.toISOString() ?? c.lastSeenAt?.toISOString() ?? null,
    },
    version: c.version,
    createdAt: c.createdAt.toISOString(),
  };
}

type ServiceRow = {
  clusterName: string;
  namespace: string;
  name: string;
  type: string;
  ports: unknown;
  labels: unknown;
  endpointsReady: number;
  endpointsTotal: number;
  endpointsByZone: unknown;
  updatedAt: Date;
  globalService: { hostname: string };
};

export function toServiceDto(s: ServiceRow): ServiceDto {
  return {
    cluster: s.clusterName,
    namespace: s.namespace,
    name: s.name,
    type: s.type as ServiceDto["type"],
    ports: readColumn(portsColumn, s.ports, "Service.ports", []),
    labels: readColumn(labelsColumn, s.labels ?? {}, "Service.labels", {}),
    endpoints: { ready: s.endpointsReady, total: s.endpointsTotal },
    endpointsByZone: readColumn(
      endpointsByZoneColumn,
      s.endpointsByZone ?? {},
      "Service.endpointsByZone",
      {},
    ),
    globalHostname: s.globalService.hostname,
    updatedAt: s.updatedAt.toISOString(),
  };
}
