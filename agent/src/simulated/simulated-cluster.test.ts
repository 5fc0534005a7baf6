import { describe, expect, it } from "vitest";
import { SimulatedCluster } from "./simulated-cluster";

const cm = (name: string, v = "1") => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: "x" },
  data: { v },
});

describe("simulated cluster", () => {
  it("applies, reports unchanged, prunes, and reports missing CRDs", async () => {
    const c = new SimulatedCluster({ services: [], meshes: [] });
    expect((await c.apply([cm("a"), cm("b")])).map((r) => r.result)).toEqual([
      "applied",
      "applied",
    ]);
    expect((await c.apply([cm("a"), cm("b")])).map((r) => r.result)).toEqual([
      "unchanged",
      "unchanged",
    ]);
    expect((await c.apply([cm("a", "2")])).map((r) => `${r.name}:${r.result}`)).toEqual([
      "a:applied",
      "b:pruned",
    ]);
    c.missingKinds.add("TrafficSplit");
    const ts = {
      apiVersion: "split.smi-spec.io/v1alpha4",
      kind: "TrafficSplit",
      metadata: { name: "t", namespace: "x" },
    };
    expect((await c.apply([cm("a", "2"), ts]))[1]).toMatchObject({ result: "crd-missing" });
    expect([...c.owned.keys()]).toEqual(["v1/ConfigMap/x/a"]);
  });

  it("signals inventory changes", () => {
    const c = new SimulatedCluster({ services: [], meshes: [] });
    let n = 0;
    c.onChange(() => n++);
    c.upsertService({
      namespace: "a",
      name: "b",
      type: "ClusterIP",
      ports: [],
      labels: {},
      endpointsByZone: {},
    });
    c.deleteService("a", "b");
    expect(n).toBe(2);
    expect(c.current().services).toEqual([]);
  });
});
