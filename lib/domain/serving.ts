import type { IntentDto, ServingDto } from "@/lib/model/intent";

/** One cluster's instance of a global service, as health sees it. */
export type Instance = { cluster: string; ready: number; total: number; stale: boolean };

/**
 * For each consumer (importing cluster, or running the service itself), the clusters that
 * would serve it in order: its own instance first when it exports one, then the failover tiers
 * in order (every exporter in one tier without failover). Unhealthy = stale or no ready endpoint.
 */
export function whoServesWhom(intent: IntentDto, instances: readonly Instance[]): ServingDto {
  const byCluster = new Map(instances.map((i) => [i.cluster, i]));
  const tiers = intent.failover?.tiers.map((t) => t.clusters) ?? [
    intent.exports.map((name) => ({ name, weight: undefined as number | undefined })),
  ];
  const consumers = [...new Set([...intent.imports, ...intent.exports])].sort();
  return {
    consumers: consumers.map((consumer) => {
      const servedBy: ServingDto["consumers"][number]["servedBy"] = [];
      const add = (cluster: string, tier: number, local: boolean, weight?: number) => {
        if (servedBy.some((s) => s.cluster === cluster) || !intent.exports.includes(cluster))
          return;
        const i = byCluster.get(cluster);
        servedBy.push({
          cluster,
          tier,
          local,
          healthy: Boolean(i && !i.stale && i.ready > 0),
          endpoints: { ready: i?.ready ?? 0, total: i?.total ?? 0 },
          ...(weight !== undefined ? { weight } : {}),
        });
      };
      add(consumer, 0, true);
      tiers.forEach((members, t) => members.forEach((m) => add(m.name, t + 1, false, m.weight)));
      return { cluster: consumer, servedBy };
    }),
  };
}
