import "server-only";
import { z } from "zod";

import type { ClusterSummary, GlobalServiceDto } from "@/lib/api/schemas";
import { db } from "@/lib/db/client";
import { listClusters } from "@/lib/db/clusters";
import { listGlobalServices } from "@/lib/db/global-services";
import type { PrometheusSource } from "@/lib/metrics/prometheus-client";

/** What the topology graph is built from: the whole inventory. */
export type TopologyInventory = { clusters: ClusterSummary[]; globalServices: GlobalServiceDto[] };

/** Every cluster and every global service (no page limit: the map shows them all). */
export async function loadTopologyInventory(): Promise<TopologyInventory> {
  const [clusters, globalServices] = await Promise.all([
    listClusters(),
    listGlobalServices({}, { limit: null }),
  ]);
  return { clusters, globalServices };
}

/** Prometheus sources for call edges, and the networks an admin allowed them on. */
export type EdgeSources = {
  sources: PrometheusSource[];
  /** Sources that cannot be asked yet (their credentials need the metrics-sources layer). */
  unusable: { source: string; message: string }[];
  allowedNetworks: string[];
};

const AllowedNetworksSchema = z.array(z.string().min(1).max(253)).max(100);

/**
 * The enabled Prometheus (not Alertmanager) sources, read straight from the table.
 * Interim: sources with credentials are reported as unusable until lib/db/metrics-sources.ts
 * (which decrypts them) lands, rather than queried without their credentials.
 */
export async function loadEdgeSources(): Promise<EdgeSources> {
  const [rows, allowed] = await Promise.all([
    db().prometheusSource.findMany({
      where: { enabled: true, kind: "prometheus" },
      orderBy: { name: "asc" },
      select: { name: true, url: true, scope: true, clusterName: true, auth: true },
    }),
    db().setting.findUnique({ where: { key: "metricsAllowedNetworks" } }),
  ]);
  const sources: PrometheusSource[] = [];
  const unusable: EdgeSources["unusable"] = [];
  for (const r of rows) {
    if (r.auth !== "none") {
      unusable.push({
        source: r.name,
        message: `source ${r.name} failed: sources with credentials are not read by the map yet`,
      });
      continue;
    }
    sources.push({
      name: r.name,
      url: r.url,
      ...(r.scope === "cluster" && r.clusterName ? { cluster: r.clusterName } : {}),
    });
  }
  const networks = AllowedNetworksSchema.safeParse(allowed?.value);
  return { sources, unusable, allowedNetworks: networks.success ? networks.data : [] };
}
