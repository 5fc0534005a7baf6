import type { ClusterCreateInput } from "@/lib/api/schemas";
import type { ClusterSnapshot, ReportedService } from "@/lib/agent-protocol/snapshot";

/**
 * "Distributed Bookinfo": Istio's Bookinfo sample spread over three clusters in two
 * regions — the standard scenario of the demo, the e2e tests and the benchmarks.
 * Same namespace/name in several clusters forms one global service.
 */
export type DemoCluster = { cluster: ClusterCreateInput; snapshot: ClusterSnapshot };

export const BOOKINFO_NAMESPACE = "bookinfo";

// One root CA shared by the Istio clusters (one mesh), another for Linkerd.
const ISTIO_ROOT =
  "4F:1C:9A:22:7B:E0:31:5D:8C:66:A2:F3:09:D4:1E:B7:52:90:CC:3A:7D:E8:14:6B:A5:0F:93:2E:C1:48:D6:7A";
const LINKERD_ROOT =
  "B3:07:5E:91:D2:4A:68:F1:0C:3B:E7:25:94:AD:16:C8:7F:52:E9:30:4B:A1:D6:8E:27:F5:0A:63:9C:B4:1D:E2";

const http = (port: number) => [
  { name: "http", port, protocol: "TCP" as const, targetPort: port, appProtocol: "http" },
];

function svc(
  name: string,
  port: number,
  byZone: Record<string, [ready: number, total: number]>,
  versions: string[] = ["v1"],
): ReportedService {
  return {
    namespace: BOOKINFO_NAMESPACE,
    name,
    type: "ClusterIP",
    ports: http(port),
    labels: { app: name, service: name, "bookinfo.meridian.dev/versions": versions.join(".") },
    endpointsByZone: Object.fromEntries(
      Object.entries(byZone).map(([z, [ready, total]]) => [z, { ready, total }]),
    ),
  };
}

export const BOOKINFO_FLEET: DemoCluster[] = [
  {
    cluster: {
      name: "east-1",
      displayName: "US East 1 (primary)",
      provider: "aws",
      region: "us-east-1",
      zone: "us-east-1a",
      network: "net-east",
      labels: { env: "prod", tier: "primary" },
    },
    snapshot: {
      meshes: [
        {
          type: "istio",
          version: "1.24.2",
          trustDomain: "cluster.local",
          rootCaFingerprint: ISTIO_ROOT,
        },
      ],
      services: [
        svc("productpage", 9080, { "us-east-1a": [2, 2], "us-east-1b": [1, 1] }),
        svc("details", 9080, { "us-east-1a": [1, 1], "us-east-1b": [1, 1] }),
        svc("reviews", 9080, { "us-east-1a": [2, 2], "us-east-1b": [2, 2] }, ["v1", "v2"]),
      ],
    },
  },
  {
    cluster: {
      name: "east-2",
      displayName: "US East 2 (secondary)",
      provider: "aws",
      region: "us-east-1",
      zone: "us-east-1c",
      network: "net-east",
      labels: { env: "prod", tier: "secondary" },
    },
    snapshot: {
      meshes: [
        {
          type: "istio",
          version: "1.24.2",
          trustDomain: "cluster.local",
          rootCaFingerprint: ISTIO_ROOT,
        },
      ],
      services: [
        svc("details", 9080, { "us-east-1c": [1, 1], "us-east-1d": [1, 1] }),
        svc("reviews", 9080, { "us-east-1c": [1, 1], "us-east-1d": [1, 1] }, ["v3"]),
        svc("ratings", 9080, { "us-east-1c": [2, 2] }),
      ],
    },
  },
  {
    cluster: {
      name: "west-1",
      displayName: "EU West 1",
      provider: "gcp",
      region: "eu-west-1",
      zone: "eu-west-1a",
      network: "net-west",
      labels: { env: "prod", tier: "primary" },
    },
    snapshot: {
      meshes: [
        {
          type: "linkerd",
          version: "2.16.1",
          trustDomain: "root.linkerd.cluster.local",
          rootCaFingerprint: LINKERD_ROOT,
        },
      ],
      services: [
        svc("productpage", 9080, { "eu-west-1a": [1, 1], "eu-west-1b": [1, 1] }),
        svc("reviews", 9080, { "eu-west-1a": [2, 2], "eu-west-1b": [1, 2] }, ["v2", "v3"]),
        svc("ratings", 9080, { "eu-west-1a": [1, 2] }),
      ],
    },
  },
];
