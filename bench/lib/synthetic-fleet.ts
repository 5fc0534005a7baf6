import type { FleetCluster } from "../../lib/agent-protocol/fleet-file";

/** A generated fleet for the agent benchmark: `clusters` clusters with `services` services each. */
export function syntheticFleet(clusters: number, services: number): FleetCluster[] {
  return Array.from({ length: clusters }, (_, c) => syntheticCluster(c, services));
}

/** Cluster number `c` of {@link syntheticFleet} (a worker process builds only its own). */
export function syntheticCluster(c: number, services: number): FleetCluster {
  return {
    name: `bench-${String(c).padStart(4, "0")}`,
    displayName: `Bench ${c}`,
    provider: "bench",
    region: `region-${c % 4}`,
    zone: `region-${c % 4}a`,
    network: "",
    labels: {},
    meshes: [
      {
        type: "istio" as const,
        version: "1.24.2",
        trustDomain: "cluster.local",
        rootCaFingerprint: "",
      },
    ],
    services: Array.from({ length: services }, (_, s) => ({
      namespace: `ns-${s % 20}`,
      name: `svc-${s}`,
      type: "ClusterIP" as const,
      ports: [{ name: "http", port: 8080, protocol: "TCP" as const }],
      labels: { app: `svc-${s}` },
      endpointsByZone: { a: { ready: 2, total: 2 }, b: { ready: 1, total: 1 } },
    })),
  };
}

/** Percentile (nearest rank) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    NaN
  );
}
