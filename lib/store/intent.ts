import "server-only";
import type { IntentDto, IntentList, IntentQuery } from "@/lib/model/intent";
import { pool, readTogether, type Tx } from "@/lib/store/transaction";
import { failoverSchema, type FleetInventory, type Mesh } from "@/lib/meshes";
import { inventoryCluster } from "@/lib/meshes/kit/fleet-input";
import {
  meshDetailsColumn,
  readColumn,
  servedApisColumn,
  workloadsColumn,
} from "@/lib/store/json-columns";

// Intent and inventory as the compiler reads them, from Postgres.

type InventoryService = FleetInventory["clusters"][number]["services"][number];

/**
 * The fleet inventory: every cluster with its first mesh and its services. Two flat queries:
 * every plan reads the whole fleet, and Prisma's nested include took ~0.3 s warm and over 1 s
 * cold at 500 clusters × 7,800 services (docs/benchmarks.md, "Planning").
 */
export async function loadInventory(tx: Tx = pool()): Promise<FleetInventory> {
  const [clusters, services] = await readTogether(
    tx,
    () =>
      tx.$queryRaw<
        {
          name: string;
          region: string;
          zone: string;
          network: string;
          mesh: string | null;
          version: string | null;
          trustDomain: string | null;
          rootCaFingerprint: string | null;
          details: unknown;
          servedApis: unknown;
          kind: string;
          hostCluster: string | null;
        }[]
      >`SELECT c.name, c.region, c.zone, c.network, c."servedApis", c.kind::text AS kind,
        c."hostCluster", m.type::text AS mesh, m.version, m."trustDomain",
        m."rootCaFingerprint", m.details
      FROM "Cluster" c
      LEFT JOIN LATERAL (SELECT type, version, "trustDomain", "rootCaFingerprint", details FROM "Mesh"
        WHERE "clusterName" = c.name ORDER BY type = 'none', "detectedAt" ASC, type ASC LIMIT 1) m
        ON true
      ORDER BY c.name ASC`,
    () =>
      tx.$queryRaw<
        {
          clusterName: string;
          namespace: string;
          name: string;
          type: InventoryService["type"];
          ports: InventoryService["ports"];
          endpointsReady: number;
          endpointsTotal: number;
          labels: Record<string, string>;
          workloads: unknown;
        }[]
      >`SELECT "clusterName", namespace, name, type::text AS type, ports, "endpointsReady",
        "endpointsTotal", labels, workloads
      FROM "Service" ORDER BY namespace ASC, name ASC`,
  );
  const byCluster = new Map<string, InventoryService[]>(clusters.map((c) => [c.name, []]));
  for (const s of services)
    byCluster.get(s.clusterName)?.push({
      namespace: s.namespace,
      name: s.name,
      type: s.type,
      ports: s.ports,
      endpoints: { ready: s.endpointsReady, total: s.endpointsTotal },
      labels: s.labels,
      ...(s.workloads !== null
        ? { workloads: readColumn(workloadsColumn, s.workloads, "Service.workloads", []) }
        : {}),
    });
  return {
    clusters: clusters.map((c) =>
      inventoryCluster(
        {
          name: c.name,
          region: c.region,
          zone: c.zone,
          network: c.network,
          servedApis:
            readColumn(servedApisColumn, c.servedApis, "Cluster.servedApis", null) ?? undefined,
          // The enum's database value (@map) is "vm-site".
          ...(c.kind === "vm-site" ? { kind: "vm-site" as const } : {}),
          ...(c.hostCluster ? { hostCluster: c.hostCluster } : {}),
        },
        c.mesh
          ? [
              {
                type: c.mesh as Mesh,
                // The translators read it: Istio's pinned failover values, Linkerd's federated services.
                version: c.version ?? "",
                ...readColumn(meshDetailsColumn, c.details ?? {}, "Mesh.details", {}),
                trustDomain: c.trustDomain ?? "",
                rootCaFingerprint: c.rootCaFingerprint ?? "",
              },
            ]
          : [],
        byCluster.get(c.name) ?? [],
      ),
    ),
  };
}

/** Which global services `loadIntent` reads: all, or a keyset page of one namespace or name. */
export type IntentFilter = {
  namespace?: string;
  name?: string;
  /** Only services after this (namespace, name), in that order. */
  after?: readonly [string, string];
  take?: number;
};

type IntentRow = {
  namespace: string;
  name: string;
  hostname: string;
  version: number;
  exports: string[];
  imports: string[];
  trafficWeights: Record<string, number> | null;
  access: string[] | null;
  failoverEnabled: boolean | null;
  tiers: unknown;
  consecutive5xx: number;
  interval: string;
  baseEjectionTime: string;
  maxEjectionPercent: number;
};

function toIntent(g: IntentRow): IntentDto {
  const tiers = failoverSchema.shape.tiers.safeParse(g.tiers);
  return {
    namespace: g.namespace,
    name: g.name,
    hostname: g.hostname,
    version: g.version,
    exports: g.exports,
    imports: g.imports,
    failover:
      g.failoverEnabled && tiers.success
        ? {
            tiers: tiers.data,
            outlierDetection: {
              consecutive5xxErrors: g.consecutive5xx,
              interval: g.interval,
              baseEjectionTime: g.baseEjectionTime,
              maxEjectionPercent: g.maxEjectionPercent,
            },
          }
        : null,
    trafficWeights: g.trafficWeights ?? null,
    access: g.access ?? null,
  };
}

/**
 * Global services' intent with their versions (deny by default: empty lists), in (namespace,
 * name) order. One flat query: every plan reads all of it, and Prisma's nested include of
 * exports, imports and failover took 0.15–0.3 s warm at 1,000 services (docs/benchmarks.md).
 */
export async function loadIntent(tx: Tx = pool(), filter: IntentFilter = {}): Promise<IntentDto[]> {
  const { namespace = null, name = null, after, take } = filter;
  const [afterNs, afterName] = after ?? [null, null];
  const rows = await tx.$queryRaw<IntentRow[]>`
    SELECT g.namespace, g.name, g.hostname, g.version, g."trafficWeights", g.access,
      -- Oldest exporter first: its definition wins a port conflict (lib/meshes/analysis.ts).
      -- Names in code-unit order whatever the database's collation: plans order new exporters
      -- and importers the same way (lib/domain/intent-change.ts applyIntentChanges).
      ARRAY(SELECT e."clusterName" FROM "ServiceExport" e
        WHERE e."globalServiceId" = g.id AND e.enabled
        ORDER BY e."updatedAt" ASC, e."clusterName" COLLATE "C" ASC) AS exports,
      ARRAY(SELECT i."clusterName" FROM "ServiceImport" i
        WHERE i."globalServiceId" = g.id AND i.enabled
        ORDER BY i."clusterName" COLLATE "C" ASC) AS imports,
      f.enabled AS "failoverEnabled", f.tiers, f."consecutive5xx", f."interval",
      f."baseEjectionTime", f."maxEjectionPercent"
    FROM "GlobalService" g
    LEFT JOIN "FailoverPolicy" f ON f."globalServiceId" = g.id
    WHERE (${namespace}::text IS NULL OR g.namespace = ${namespace}::text)
      AND (${name}::text IS NULL OR g.name = ${name}::text)
      AND (${afterNs}::text IS NULL OR (g.namespace, g.name) > (${afterNs}::text, ${afterName}::text))
    ORDER BY g.namespace ASC, g.name ASC
    LIMIT ${take ?? null}::int`;
  return rows.map(toIntent);
}

/**
 * One page of intent, optionally for one namespace or name, in (namespace, name) order; the
 * cursor is the `namespace/name` of the previous page's last item (keyset paging).
 */
export async function listIntent(query: IntentQuery): Promise<IntentList> {
  const [afterNs, afterName] = query.cursor?.split("/") ?? [];
  const items = await loadIntent(pool(), {
    namespace: query.namespace,
    name: query.name,
    after: afterNs && afterName ? [afterNs, afterName] : undefined,
    take: query.limit + 1,
  });
  const page = items.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor: items.length > query.limit && last ? `${last.namespace}/${last.name}` : null,
  };
}
