import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import type { ClusterSummary, GlobalServiceDto } from "@/lib/model/inventory";
import type { BuildGraphInput, CallSample } from "../build";

const cluster = (
  name: string,
  region: string,
  mesh: MeshTypeName,
  kind: ClusterSummary["kind"] = "kubernetes",
): ClusterSummary => ({
  name,
  displayName: name.toUpperCase(),
  provider: "aws",
  region,
  zone: `${region}a`,
  network: `net-${name}`,
  kind,
  labels: {},
  state: "live",
  simulated: true,
  lastSeenAt: "2026-01-01T00:00:00Z",
  stale: false,
  meshes: [{ type: mesh, version: "1", trustDomain: "cluster.local", rootCaFingerprint: "" }],
  serviceCount: 2,
  endpoints: { ready: 4, total: 4 },
  agent: { status: "connected", version: "1", lastReportAt: "2026-01-01T00:00:00Z" },
  version: 1,
  createdAt: "2026-01-01T00:00:00Z",
});

type Member = { cluster: string; ready?: number; exported?: boolean; imported?: boolean };
const REGION: Record<string, string> = {
  "east-1": "us-east-1",
  "east-2": "us-east-1",
  "west-1": "eu-west-1",
};
const MESH: Record<string, MeshTypeName> = {
  "east-1": "istio",
  "east-2": "istio",
  "west-1": "consul",
};

const global = (name: string, members: Member[], importers?: string[]): GlobalServiceDto => ({
  id: `bookinfo/${name}`,
  namespace: "bookinfo",
  name,
  hostname: `${name}.bookinfo.global`,
  clusters: members.map((m) => ({
    cluster: m.cluster,
    displayName: m.cluster.toUpperCase(),
    region: REGION[m.cluster] ?? "",
    meshes: [MESH[m.cluster] ?? "none"],
    type: "ClusterIP",
    endpoints: { ready: m.ready ?? 2, total: 2 },
    stale: false,
    exported: m.exported ?? false,
    imported: m.imported ?? false,
  })),
  ...(importers ? { importers } : {}),
  endpoints: { ready: 2 * members.length, total: 2 * members.length },
  health: "healthy",
});

/** A call between two bookinfo services, `cluster/name` each. */
export const call = (from: string, to: string, requestRate = 10, errorRate = 0, p95Ms = 50) => {
  const ref = (s: string) => {
    const [cluster = "", name = ""] = s.split("/");
    return { cluster, namespace: "bookinfo", name };
  };
  return { source: ref(from), destination: ref(to), requestRate, errorRate, p95Ms } as CallSample;
};

/**
 * Distributed Bookinfo: east-1 and east-2 in us-east-1, west-1 (a consul VM site) in
 * eu-west-1. productpage and details run in east-1; reviews and ratings in east-2 and west-1.
 * productpage@east-1 calls reviews@east-2 (cross-cluster) and details@east-1; reviews@east-2
 * calls ratings@east-2 with 10% errors; one call names an unknown service.
 */
export function bookinfo(overrides: Partial<BuildGraphInput> = {}): BuildGraphInput {
  return {
    clusters: [
      cluster("west-1", "eu-west-1", "consul", "vm-site"),
      cluster("east-1", "us-east-1", "istio"),
      cluster("east-2", "us-east-1", "istio"),
    ],
    globalServices: [
      global("productpage", [{ cluster: "east-1" }]),
      global("details", [{ cluster: "east-1" }]),
      global(
        "reviews",
        [
          { cluster: "east-2", exported: true },
          { cluster: "west-1", imported: true, ready: 1 },
        ],
        // east-1 runs no reviews, and imports them: its calls to east-2 are managed.
        ["east-1", "west-1"],
      ),
      global("ratings", [{ cluster: "east-2" }, { cluster: "west-1" }]),
    ],
    calls: [
      call("east-1/productpage", "east-2/reviews", 20, 0, 80),
      call("east-1/productpage", "east-1/details", 20, 0, 10),
      call("east-2/reviews", "east-2/ratings", 10, 0.1, 30),
      call("east-1/productpage", "east-1/nope"),
    ],
    ...overrides,
  };
}
