// A synthetic fleet for the compile benchmark: N clusters over five meshes and M global
// services, each exported by 3 and imported by 10 clusters of its mesh, with failover on half,
// migration weights on a quarter and access lists on a third.
import type {
  FleetIntent,
  FleetInventory,
  GlobalServiceIntent,
  InventoryService,
  Mesh,
} from "../../lib/meshes/index";

const MESHES: readonly Mesh[] = ["istio", "linkerd", "cilium", "consul", "none"];
const ROOT_A = Array.from({ length: 32 }, () => "AA").join(":");
const ROOT_B = Array.from({ length: 32 }, () => "BB").join(":");

const clusterName = (i: number) => `c-${String(i).padStart(4, "0")}`;

/** The fleet and intent for `clusters` × `services` (deterministic). */
export function syntheticFleet(
  clusters: number,
  services: number,
): { fleet: FleetInventory; intent: FleetIntent } {
  const perMesh = Math.floor(clusters / MESHES.length);
  const inventory: InventoryService[][] = Array.from({ length: clusters }, () => []);
  const intents: GlobalServiceIntent[] = [];
  const pick = (mesh: number, seed: number, step: number, count: number) =>
    Array.from({ length: count }, (_, k) => mesh + MESHES.length * ((seed + k * step) % perMesh));
  for (let s = 0; s < services; s++) {
    const mesh = s % MESHES.length;
    const namespace = `ns-${s % 50}`;
    const name = `svc-${s}`;
    const exporters = pick(mesh, s * 7, 31, 3);
    const importers = [...new Set(pick(mesh, s * 13, 17, 10))];
    const svc = (ready: number): InventoryService => ({
      namespace,
      name,
      type: "ClusterIP",
      ports: [{ name: "http", port: 8080, protocol: "TCP", appProtocol: "http" }],
      endpoints: { ready, total: ready },
      labels: { app: name },
    });
    for (const i of exporters) inventory[i]?.push(svc(3));
    for (const [k, i] of importers.entries())
      if (k % 2 === 0 && !exporters.includes(i)) inventory[i]?.push(svc(0));
    const names = exporters.map(clusterName);
    intents.push({
      namespace,
      name,
      exports: names,
      imports: importers.map(clusterName),
      ...(s % 2 === 0
        ? {
            failover: {
              tiers: names.map((n) => ({ clusters: [{ name: n }] })),
              outlierDetection: {
                consecutive5xxErrors: 5,
                interval: "10s",
                baseEjectionTime: "30s",
                maxEjectionPercent: 100,
              },
            },
          }
        : {}),
      ...(s % 4 === 1
        ? { trafficWeights: { [names[0]!]: 50, [names[1]!]: 30, [names[2]!]: 20 } }
        : {}),
      ...(s % 3 === 0 ? { access: importers.slice(0, 5).map(clusterName) } : {}),
    });
  }
  return {
    fleet: {
      clusters: inventory.map((services, i) => ({
        name: clusterName(i),
        region: `region-${i % 10}`,
        zone: `region-${i % 10}-a`,
        network: `net-${i % 10}`,
        mesh: MESHES[i % MESHES.length] ?? "none",
        trustDomain: `td-${i % 10}.example`,
        rootCaFingerprint: i % 50 === 0 ? ROOT_B : ROOT_A,
        services,
      })),
    },
    intent: { services: intents },
  };
}
