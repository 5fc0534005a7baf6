// Test fixtures for the translators: Distributed Bookinfo as an inventory (same layout as
// fleets/distributed-bookinfo.yaml and tests/kube/fixtures/bookinfo.ts) and a rich intent.
import type { FleetIntent, FleetInventory, InventoryService, Mesh } from "../kit/fleet-input";

const ROOT_A =
  "4F:1C:9A:22:7B:E0:31:5D:8C:66:A2:F3:09:D4:1E:B7:52:90:CC:3A:7D:E8:14:6B:A5:0F:93:2E:C1:48:D6:7A";
const ROOT_B =
  "B3:07:5E:91:D2:4A:68:F1:0C:3B:E7:25:94:AD:16:C8:7F:52:E9:30:4B:A1:D6:8E:27:F5:0A:63:9C:B4:1D:E2";

/** A Bookinfo Service: one HTTP port 9080, `app` label, `ready`/`total` endpoints. */
export function bookinfoService(name: string, ready: number, total = ready): InventoryService {
  return {
    namespace: "bookinfo",
    name,
    type: "ClusterIP",
    ports: [{ name: "http", port: 9080, protocol: "TCP", appProtocol: "http" }],
    endpoints: { ready, total },
    labels: { app: name, service: name },
  };
}

/**
 * The three Bookinfo clusters, all on `mesh`. east-1 and east-2 share region us-east-1,
 * network net-east and trust root A; west-1 (eu-west-1, net-west) has its own trust domain and
 * root B, so importing across it warns of a trust-root mismatch.
 */
export function bookinfoFleet(mesh: Mesh): FleetInventory {
  return {
    clusters: [
      {
        name: "east-1",
        region: "us-east-1",
        zone: "us-east-1a",
        network: "net-east",
        mesh,
        trustDomain: "cluster.local",
        rootCaFingerprint: ROOT_A,
        services: [
          bookinfoService("productpage", 3),
          bookinfoService("details", 2),
          bookinfoService("reviews", 4),
        ],
      },
      {
        name: "east-2",
        region: "us-east-1",
        zone: "us-east-1c",
        network: "net-east",
        mesh,
        trustDomain: "cluster.local",
        rootCaFingerprint: ROOT_A,
        services: [
          bookinfoService("details", 2),
          bookinfoService("reviews", 2),
          bookinfoService("ratings", 1, 2),
        ],
      },
      {
        name: "west-1",
        region: "eu-west-1",
        zone: "eu-west-1a",
        network: "net-west",
        mesh,
        trustDomain: "west.example",
        rootCaFingerprint: ROOT_B,
        services: [
          bookinfoService("productpage", 1),
          bookinfoService("reviews", 2),
          bookinfoService("ratings", 2),
        ],
      },
    ],
  };
}

/** Exports, imports, three-tier failover, migration weights and access lists over Bookinfo. */
export const RICH_INTENT: FleetIntent = {
  services: [
    {
      namespace: "bookinfo",
      name: "reviews",
      hostname: "reviews.bookinfo.global",
      exports: ["east-1", "east-2", "west-1"],
      imports: ["east-1", "west-1"],
      failover: {
        tiers: [
          { clusters: [{ name: "east-1" }] },
          { clusters: [{ name: "east-2" }] },
          { clusters: [{ name: "west-1" }] },
        ],
        outlierDetection: {
          consecutive5xxErrors: 5,
          interval: "10s",
          baseEjectionTime: "30s",
          maxEjectionPercent: 100,
        },
      },
    },
    {
      namespace: "bookinfo",
      name: "ratings",
      exports: ["east-2", "west-1"],
      imports: ["east-1"],
      trafficWeights: { "east-2": 80, "west-1": 20 },
    },
    {
      namespace: "bookinfo",
      name: "details",
      exports: ["east-1", "east-2"],
      imports: ["west-1"],
      access: ["west-1"],
    },
    {
      namespace: "bookinfo",
      name: "productpage",
      exports: ["west-1"],
      imports: ["east-1", "east-2"],
      access: ["east-1"],
    },
  ],
};
