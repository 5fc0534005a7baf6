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
  it("carries the served API versions only when they changed (issue 20)", () => {
    const apis = { "multicluster.x-k8s.io": ["v1alpha1", "v1beta1"] };
    const d = diffSnapshots(snap([]), { ...snap([]), servedApis: apis });
    expect(d.servedApis).toEqual(apis);
    expect(isEmptyDelta(d)).toBe(false);
    const same = { ...snap([]), servedApis: apis };
    expect(isEmptyDelta(diffSnapshots(same, same))).toBe(true);
    // An agent that stopped reading them does not erase what Meridian holds.
    expect(isEmptyDelta(diffSnapshots(same, snap([])))).toBe(true);
  });
});
