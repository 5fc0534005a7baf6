// The topology benchmark's fleet: deterministic, 2,000 nodes and 10,000 call edges by default
// (4 regions, 40 clusters, 1,760 service instances of 196 global services) — with the call
// edges generated here, standing in for Prometheus at a scale no local test Prometheus holds.
import type { FleetCluster } from "../../lib/agent-protocol/fleet-file";
import type { CallSample } from "../../lib/graph/build";

/** Sizes of the generated fleet. */
export type TopologyFleetSize = {
  regions: number;
  clusters: number;
  perCluster: number;
  globals: number;
  calls: number;
};

export const DEFAULT_SIZE: TopologyFleetSize = {
  regions: 4,
  clusters: 40,
  perCluster: 44,
  globals: 196,
  calls: 10_000,
};

/**
 * The fleet for `clusters` clusters: the default at 40; larger fleets keep ~250 clusters per
 * region and 2 services per cluster (the map shows 1–2 per cluster, as in a fleet of many
 * small edge clusters), with the default's 196 global services and up to 10,000 calls.
 */
export function sizeFor(clusters: number): TopologyFleetSize {
  if (clusters === DEFAULT_SIZE.clusters) return DEFAULT_SIZE;
  return {
    regions: Math.max(4, Math.round(clusters / 250)),
    clusters,
    perCluster: 2,
    globals: DEFAULT_SIZE.globals,
    calls: Math.min(DEFAULT_SIZE.calls, clusters * 5),
  };
}

/** A small seeded PRNG (mulberry32), so every run draws the same fleet. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clusterName = (c: number) => `c-${String(c).padStart(3, "0")}`;
const serviceOf = (g: number) => ({
  namespace: `team-${g % 8}`,
  name: `svc-${String(g).padStart(3, "0")}`,
});

/** The clusters with their inventory; instance s of cluster c is global service (c*7 + s) % globals. */
export function topologyFleet(size = DEFAULT_SIZE): FleetCluster[] {
  return Array.from({ length: size.clusters }, (_, c) => {
    const region = `region-${c % size.regions}`;
    const globals = new Set<number>();
    for (let s = 0; globals.size < size.perCluster; s++) globals.add((c * 7 + s) % size.globals);
    return {
      name: clusterName(c),
      displayName: `Cluster ${c}`,
      provider: "bench",
      region,
      zone: `${region}a`,
      network: "",
      labels: {},
      meshes: [
        {
          type: c % 5 === 4 ? ("linkerd" as const) : ("istio" as const),
          version: "1",
          trustDomain: "cluster.local",
          rootCaFingerprint: "",
        },
      ],
      services: [...globals].map((g) => ({
        ...serviceOf(g),
        type: "ClusterIP" as const,
        ports: [{ name: "http", port: 8080, protocol: "TCP" as const }],
        labels: {},
        endpointsByZone: { a: { ready: g % 13 === 0 ? 1 : 2, total: 2 } },
      })),
    };
  });
}

/** `calls` distinct call edges between instances: 80% inside a cluster, 20% across clusters. */
export function topologyCalls(fleet: FleetCluster[], size = DEFAULT_SIZE): CallSample[] {
  const rand = rng(7);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const seen = new Set<string>();
  const calls: CallSample[] = [];
  while (calls.length < size.calls) {
    const from = pick(fleet);
    const to = rand() < 0.2 ? pick(fleet) : from;
    const a = pick(from.services);
    const b = pick(to.services);
    const key = `${from.name}/${a.namespace}/${a.name}>${to.name}/${b.namespace}/${b.name}`;
    if (seen.has(key) || key.split(">")[0] === key.split(">")[1]) continue;
    seen.add(key);
    calls.push({
      source: { cluster: from.name, namespace: a.namespace, name: a.name },
      destination: { cluster: to.name, namespace: b.namespace, name: b.name },
      requestRate: Math.round(rand() * 200) / 10,
      errorRate: rand() < 0.05 ? rand() * 0.2 : 0,
      p95Ms: Math.round(5 + rand() * 300),
    });
  }
  return calls;
}
