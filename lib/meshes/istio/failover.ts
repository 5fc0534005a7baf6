import type { Exporter } from "../kit/analyzed-service";
import { istioClusterId } from "./network";

/** Endpoint label Istio sets to the cluster an endpoint runs in. */
export const ISTIO_CLUSTER_LABEL = "topology.istio.io/cluster";
const REGION_LABEL = "topology.kubernetes.io/region";
const NETWORK_LABEL = "topology.istio.io/network";

/**
 * Compiles ordered failover tiers into DestinationRule `localityLbSetting.failoverPriority`.
 *
 * Istio gives an endpoint the priority of the first label in the list it does not match
 * (https://istio.io/latest/docs/reference/config/networking/destination-rule/#LocalityLoadBalancerSetting),
 * and `label=value` entries pin the value instead of copying the client's. So a chain of labels
 * expresses nested sets: tiers t1..tn need, for each prefix union t1 ∪ … ∪ tk (k < n), a label
 * whose value selects exactly that union among the exporters — a cluster name for one cluster,
 * else a region or a network. A union no label selects is merged into the next tier and
 * reported in `lost`.
 */
export function failoverPriority(tiers: readonly Exporter[][]): {
  labels: string[];
  lost: string[];
  /** Clusters pinned by `topology.istio.io/cluster` whose Istio cluster id was not reported. */
  assumedIds: string[];
} {
  const all = tiers.flat();
  const chain: string[] = [];
  const lost: string[] = [];
  const assumedIds: string[] = [];
  const union: Exporter[] = [];
  for (const [i, tier] of tiers.slice(0, -1).entries()) {
    union.push(...tier);
    const label = selectorFor(union, all);
    const only = union.length === 1 ? union[0] : undefined;
    if (only && !only.cluster.meshClusterId) assumedIds.push(only.cluster.name);
    if (label) chain.unshift(label);
    else
      lost.push(
        `tiers ${i + 1} and ${i + 2} share one priority (no cluster, region or network label selects ${union.map((e) => e.cluster.name).join(", ")})`,
      );
  }
  return { labels: chain, lost, assumedIds };
}

// The cluster id Istio gives an exporter's endpoints: a site's WorkloadEntries live in its host
// cluster, and Istio labels them with that cluster's id, not the site's.
function endpointClusterId(e: Exporter): string {
  const c = e.cluster;
  return c.kind === "vm-site" ? (c.hostCluster ?? c.name) : istioClusterId(c);
}

function selectorFor(union: readonly Exporter[], all: readonly Exporter[]): string | undefined {
  const names = new Set(union.map((e) => e.cluster.name));
  // The cluster label's value is Istio's cluster id (values.global.multiCluster.clusterName);
  // it selects one cluster, unless a site hosted there shares its id. Then region or network.
  for (const [label, get] of [
    [ISTIO_CLUSTER_LABEL, endpointClusterId],
    [REGION_LABEL, (e: Exporter) => e.cluster.region],
    [NETWORK_LABEL, (e: Exporter) => e.cluster.network],
  ] as const) {
    const values = new Set(union.map(get));
    const [value] = values;
    if (values.size !== 1 || !value) continue;
    const selected = all.filter((e) => get(e) === value);
    if (selected.length === names.size && selected.every((e) => names.has(e.cluster.name)))
      return `${label}=${value}`;
  }
  return undefined;
}
