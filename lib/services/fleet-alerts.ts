import "server-only";
import type { RawAlert } from "@/lib/domain/alert-model";
import type { RollupService } from "@/lib/domain/alert-rollup";
import { computeFleetAlerts, type FleetAlertCluster } from "@/lib/domain/fleet-alerts";
import { byName } from "@/lib/domain/intent-change";
import type { FleetInventory, GlobalServiceIntent, InventoryService } from "@/lib/meshes/model";
import { db } from "@/lib/store/client";
import { staleness } from "@/lib/store/cluster-view";

// Loads what Meridian's fleet alerts and the alert rollup need, in four queries: clusters with
// their meshes, services, and global services with their enabled exports, imports and
// failover policy.

/** The fleet as the alert pipeline sees it. */
export interface AlertFleet {
  /** Global services and the clusters each runs in (live and pending clusters). */
  services: RollupService[];
  /** Meridian's own alerts. */
  fleetAlerts: RawAlert[];
}

type TierJson = { clusters?: { name?: unknown; weight?: unknown }[] }[];

function tiersOf(raw: unknown): NonNullable<GlobalServiceIntent["failover"]>["tiers"] {
  if (!Array.isArray(raw)) return [];
  return (raw as TierJson).flatMap((t) => {
    const clusters = (t.clusters ?? []).flatMap((m) =>
      typeof m.name === "string"
        ? [{ name: m.name, ...(typeof m.weight === "number" ? { weight: m.weight } : {}) }]
        : [],
    );
    return clusters.length ? [{ clusters }] : [];
  });
}

/**
 * Exports oldest first, ties by name in code-unit order: the order the stored intent is read and
 * planned in (lib/db/intent-store.ts), so an export-conflict alert names the plan's winner.
 */
function oldestFirst<T extends { updatedAt: Date; clusterName: string }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || byName(a.clusterName, b.clusterName),
  );
}

/** Reads the fleet and computes Meridian's fleet alerts. */
export async function loadAlertFleet(): Promise<AlertFleet> {
  const [clusters, services, globals] = await Promise.all([
    db().cluster.findMany({
      select: {
        name: true,
        state: true,
        region: true,
        zone: true,
        network: true,
        lastSeenAt: true,
        createdAt: true,
        meshes: { orderBy: { type: "asc" } },
      },
      orderBy: { name: "asc" },
    }),
    db().service.findMany({
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
    db().globalService.findMany({
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
  ]);
  const { now, after } = staleness();
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
      ports: s.ports as InventoryService["ports"],
      endpoints: { ready: s.endpointsReady, total: s.endpointsTotal },
      labels: (s.labels ?? {}) as Record<string, string>,
    });
    byCluster.set(s.clusterName, list);
  }

  const inventory: FleetInventory = {
    clusters: clusters
      .filter((c) => live.has(c.name))
      .map((c) => {
        // The cluster's mesh: the first one that is not "none", as in fleet files.
        const mesh = c.meshes.find((m) => m.type !== "none") ?? c.meshes[0];
        return {
          name: c.name,
          region: c.region,
          zone: c.zone,
          network: c.network,
          mesh: mesh?.type ?? "none",
          trustDomain: mesh?.trustDomain ?? "",
          rootCaFingerprint: mesh?.rootCaFingerprint ?? "",
          services: byCluster.get(c.name) ?? [],
        };
      }),
  };

  const intents: GlobalServiceIntent[] = globals
    .filter((g) => g.exports.length > 0 || g.imports.length > 0)
    .map((g) => {
      const tiers = g.failover?.enabled ? tiersOf(g.failover.tiers) : [];
      return {
        namespace: g.namespace,
        name: g.name,
        hostname: g.hostname,
        exports: oldestFirst(g.exports).map((e) => e.clusterName),
        imports: g.imports.map((i) => i.clusterName),
        ...(Array.isArray(g.access) ? { access: g.access as string[] } : {}),
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

  const alertClusters: FleetAlertCluster[] = clusters.map((c) => ({
    name: c.name,
    state: c.state,
    lastSeenAt: c.lastSeenAt,
    createdAt: c.createdAt,
  }));

  return {
    services: globals.map((g) => ({
      namespace: g.namespace,
      name: g.name,
      hostname: g.hostname,
      clusters: [...new Set(runsIn.get(g.id) ?? [])].sort(),
    })),
    fleetAlerts: computeFleetAlerts({
      clusters: alertClusters,
      inventory,
      intents,
      now,
      staleAfterSeconds: after,
    }),
  };
}
