import { describe, expect, it } from "vitest";
import type { ReportedService } from "@/lib/agent-protocol/snapshot";
import { canonicalJson } from "@/lib/agent-protocol/canonical-json";
import { diffServices, serviceColumns } from "@/lib/domain/inventory-diff";

const svc = (name: string, ready = 1): ReportedService => ({
  namespace: "bookinfo",
  name,
  type: "ClusterIP",
  ports: [{ name: "http", port: 9080, protocol: "TCP" }],
  labels: { app: name },
  endpointsByZone: { a: { ready, total: 2 } },
});
const stored = (id: string, s: ReportedService) => ({ id, ...s });

describe("diffServices", () => {
  it("creates new, updates only changed, removes missing", () => {
    const d = diffServices(
      [stored("1", svc("details")), stored("2", svc("reviews")), stored("3", svc("ratings"))],
      [svc("details"), svc("reviews", 2), svc("productpage")],
    );
    expect(d.create.map((s) => s.name)).toEqual(["productpage"]);
    expect(d.update.map((u) => u.id)).toEqual(["2"]);
    expect(d.remove).toEqual(["3"]);
  });
  it("sees no change when only key order differs", () => {
    const s = svc("details");
    const reordered = {
      ...s,
      labels: { app: "details" },
      endpointsByZone: { a: { total: 2, ready: 1 } },
    };
    expect(diffServices([stored("1", reordered as ReportedService)], [s]).update).toEqual([]);
  });
});

describe("serviceColumns", () => {
  it("sums endpoints over zones", () => {
    const s = {
      ...svc("x"),
      endpointsByZone: { a: { ready: 1, total: 2 }, b: { ready: 3, total: 3 } },
    };
    expect(serviceColumns(s)).toMatchObject({ endpointsReady: 4, endpointsTotal: 5 });
  });
});

describe("canonicalJson", () => {
  it("is independent of key order and drops undefined", () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: undefined }] })).toBe('{"a":[1,{"d":2}],"b":1}');
  });
});
