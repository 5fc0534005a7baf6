// Observed versus intended (issue 36): calls seen crossing clusters where no import exists.
// Real fleets send such traffic — Istio shares every same-named Service across the clusters
// of a mesh unless it is made cluster-local — and Meridian neither planned nor secured that
// path. The map marks the calls (lib/graph/build.ts); this turns them into fleet alerts.
// https://istio.io/latest/docs/ops/configuration/traffic-management/multicluster/
import type { RawAlert } from "./alert-model";

/** The fleet alert's name. */
export const UNMANAGED_TRAFFIC_ALERT = "UnmanagedCrossClusterTraffic";

/** One observed call that no import explains. */
export interface UnmanagedCall {
  sourceCluster: string;
  destinationCluster: string;
  namespace: string;
  name: string;
  requestRate: number;
}

/**
 * One warning per global service and calling cluster (the serving clusters listed), naming
 * the rate observed over `window`.
 */
export function unmanagedTrafficAlerts(
  calls: readonly UnmanagedCall[],
  window: string,
): RawAlert[] {
  const grouped = new Map<string, { call: UnmanagedCall; to: Map<string, number> }>();
  for (const c of calls) {
    const key = `${c.namespace}/${c.name}|${c.sourceCluster}`;
    const entry = grouped.get(key) ?? { call: c, to: new Map<string, number>() };
    entry.to.set(c.destinationCluster, (entry.to.get(c.destinationCluster) ?? 0) + c.requestRate);
    grouped.set(key, entry);
  }
  return [...grouped.values()]
    .sort((a, b) =>
      `${a.call.namespace}/${a.call.name}/${a.call.sourceCluster}`.localeCompare(
        `${b.call.namespace}/${b.call.name}/${b.call.sourceCluster}`,
      ),
    )
    .map(({ call, to }) => {
      const targets = [...to.entries()].sort(([a], [b]) => a.localeCompare(b));
      const where = targets.map(([c, rps]) => `${c} (${rps.toFixed(1)} req/s)`).join(", ");
      return {
        name: UNMANAGED_TRAFFIC_ALERT,
        labels: {
          alertname: UNMANAGED_TRAFFIC_ALERT,
          severity: "warning",
          namespace: call.namespace,
          service: call.name,
          cluster: call.sourceCluster,
        },
        annotations: {
          summary: `Unmanaged traffic: ${call.sourceCluster} calls ${call.name}.${call.namespace} in ${targets.map(([c]) => c).join(", ")} without an import`,
          description: `Observed over the last ${window}: ${call.sourceCluster} → ${where}. No import of ${call.namespace}/${call.name} by ${call.sourceCluster} explains it, so Meridian neither planned nor checks this path (trust, failover). Import the service there, or make it cluster-local in the mesh.`,
        },
        state: "firing" as const,
        activeAt: null,
        value: targets.reduce((s, [, rps]) => s + rps, 0),
        source: { name: "meridian", type: "meridian" as const },
        kind: "fleet" as const,
      };
    });
}
