import "server-only";
import type { DriftedObject, ExportStatus, FleetAlertCluster } from "@/lib/domain/fleet-alerts";
import type { RollupService } from "@/lib/domain/alert-rollup";
import { byName } from "@/lib/domain/intent-change";
import {
  inventoryCluster,
  type FleetInventory,
  type GlobalServiceIntent,
  type InventoryService,
} from "@/lib/meshes/kit/fleet-input";
import { MESH_ORDER } from "@/lib/store/cluster-view";
import {
  accessColumn,
  labelsColumn,
  meshDetailsColumn,
  portsColumn,
  readColumn,
  resultsColumn,
  tiersColumn,
  servedApisColumn,
} from "@/lib/store/json-columns";
import { pool, type Tx } from "@/lib/store/transaction";
import type { TrustInputCluster } from "@/lib/domain/trust";
import { trustInputOf } from "@/lib/store/trust";

// What Meridian's fleet alerts and the alert rollup read, in three queries: clusters with
// their meshes, services, and global services with their enabled exports, imports and
// failover policy.

export interface AlertFleetRows {
  clusters: FleetAlertCluster[];
  inventory: FleetInventory;
  intents: GlobalServiceIntent[];
  /** Global services and the clusters each runs in (live and pending clusters). */
  services: RollupService[];
  /** Each enabled cluster's mesh trust, for the root-expiry alerts. */
  trust: TrustInputCluster[];
  /** ServiceExports with conditions, as the agents last acknowledged them. */
  exportStatuses: ExportStatus[];
  /** Objects the agents last acknowledged as drifted. */
  drifted: DriftedObject[];
}

/**
 * Exports oldest first, ties by name in code-unit order: the order the stored intent is read and
 * planned in (lib/store/intent.ts), so an export-conflict alert names the plan's winner.
 */
function oldestFirst<T extends { updatedAt: Date; clusterName: string }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || byName(a.clusterName, b.clusterName),
  );
}

/** Reads the fleet as the alert pipeline sees it. */
export async function readAlertFleet(tx: Tx = pool()): Promise<AlertFleetRows> {
  const [clusters, services, globals, observed] = await Promise.all([
    tx.cluster.findMany({
      select: {
        name: true,
        state: true,
        region: true,
        zone: true,
        network: true,
        servedApis: true,
        lastSeenAt: true,
        createdAt: true,
        meshes: { orderBy: MESH_ORDER },
      },
      orderBy: { name: "asc" },
    }),
    tx.service.findMany({
      select: {
        clusterName: true,
        namespace: true,
        name: true,
        type: true,
        ports: true,
        labels: true,
        endpointsReady: true,
        endpointsTotal: true,
        globalServiceId: true,
      },
    }),
    tx.globalService.findMany({
      select: {
        id: true,
        namespace: true,
        name: true,
        hostname: true,
        exports: { where: { enabled: true }, orderBy: { updatedAt: "asc" } },
        imports: { where: { enabled: true }, orderBy: { updatedAt: "asc" } },
        failover: true,
        access: true,
      },
      orderBy: [{ namespace: "asc" }, { name: "asc" }],
    }),
    tx.observedState.findMany({
      select: { clusterName: true, results: true, reportedAt: true },
    }),
  ]);
  const live = new Set(clusters.filter((c) => c.state !== "disabled").map((c) => c.name));

  const byCluster = new Map<string, InventoryService[]>();
  const runsIn = new Map<string, string[]>();
  for (const s of services) {
    if (!live.has(s.clusterName)) continue;
    runsIn.set(s.globalServiceId, [...(runsIn.get(s.globalServiceId) ?? []), s.clusterName]);
    const list = byCluster.get(s.clusterName) ?? [];
    list.push({
      namespace: s.namespace,
      name: s.name,
      type: s.type as InventoryService["type"],
      ports: readColumn(portsColumn, s.ports, "Service.ports", []),
      endpoints: { ready: s.endpointsReady, total: s.endpointsTotal },
      labels: readColumn(labelsColumn, s.labels ?? {}, "Service.labels", {}),
    });
    byCluster.set(s.clusterName, list);
  }

  const inventory: FleetInventory = {
    clusters: clusters
      .filter((c) => live.has(c.name))
      .map((c) =>
        inventoryCluster(
          {
            ...c,
            servedApis:
              readColumn(servedApisColumn, c.servedApis, "Cluster.servedApis", null) ?? undefined,
          },
          c.meshes.map((m) => ({
            ...m,
            ...readColumn(meshDetailsColumn, m.details, "Mesh.details", {}),
          })),
          byCluster.get(c.name) ?? [],
        ),
      ),
  };

  const intents: GlobalServiceIntent[] = globals
    .filter((g) => g.exports.length > 0 || g.imports.length > 0)
    .map((g) => {
      const tiers = g.failover?.enabled
        ? readColumn(tiersColumn, g.failover.tiers, "FailoverPolicy.tiers", [])
        : [];
      const access = readColumn(accessColumn, g.access ?? null, "GlobalService.access", null);
      return {
        namespace: g.namespace,
        name: g.name,
        hostname: g.hostname,
        exports: oldestFirst(g.exports).map((e) => e.clusterName),
        imports: g.imports.map((i) => i.clusterName),
        ...(access ? { access } : {}),
        ...(tiers.length
          ? {
              failover: {
                tiers,
                outlierDetection: {
                  consecutive5xxErrors: g.failover!.consecutive5xx,
                  interval: g.failover!.interval,
                  baseEjectionTime: g.failover!.baseEjectionTime,
                  maxEjectionPercent: g.failover!.maxEjectionPercent,
                },
              },
            }
          : {}),
      };
    });

  return {
    clusters: clusters.map((c) => ({
      name: c.name,
      state: c.state,
      lastSeenAt: c.lastSeenAt,
      createdAt: c.createdAt,
    })),
    inventory,
    intents,
    trust: clusters.flatMap((c) =>
      live.has(c.name) ? (trustInputOf(c.name, c.meshes) ?? []) : [],
    ),
    drifted: observed.flatMap((o) =>
      readColumn(resultsColumn, o.results, "ObservedState.results", [])
        .filter((r) => r.result === "drifted")
        .map((r) => ({
          cluster: o.clusterName,
          kind: r.kind,
          namespace: r.namespace,
          name: r.name,
          message: r.message,
          reportedAt: o.reportedAt,
        })),
    ),
    exportStatuses: observed.flatMap((o) =>
      readColumn(resultsColumn, o.results, "ObservedState.results", [])
        .filter((r) => r.kind === "ServiceExport" && r.conditions?.length)
        .map((r) => ({
          cluster: o.clusterName,
          namespace: r.namespace,
          name: r.name,
          conditions: r.conditions ?? [],
        })),
    ),
    services: globals.map((g) => ({
      namespace: g.namespace,
      name: g.name,
      hostname: g.hostname,
      clusters: [...new Set(runsIn.get(g.id) ?? [])].sort(),
    })),
  };
}
