import { describe, expect, it } from "vitest";
import { diffSnapshots, isEmptyDelta } from "./delta";
import type { ClusterSnapshot, ReportedService } from "./snapshot";

const svc = (name: string, ready = 1): ReportedService => ({
  namespace: "ns",
  name,
  type: "ClusterIP",
  ports: [],
  labels: {},
  endpointsByZone: { a: { ready, total: 2 } },
});
const snap = (services: ReportedService[], version = "1"): ClusterSnapshot => ({
  services,
  meshes: [{ type: "istio", version, trustDomain: "cluster.local", rootCaFingerprint: "" }],
});

describe("diffSnapshots", () => {
  it("finds added, changed and removed services", () => {
    const d = diffSnapshots(
      snap([svc("a"), svc("b"), svc("c")]),
      snap([svc("a"), svc("b", 2), svc("d")]),
    );
    expect(d.upserts.map((s) => s.name)).toEqual(["b", "d"]);
    expect(d.deletes).toEqual([{ namespace: "ns", name: "c" }]);
    expect(d.meshes).toBeUndefined();
  });
  it("carries meshes only when they changed", () => {
    expect(diffSnapshots(snap([]), snap([], "2")).meshes?.[0]?.version).toBe("2");
    expect(isEmptyDelta(diffSnapshots(snap([svc("a")]), snap([svc("a")])))).toBe(true);
  });
});
