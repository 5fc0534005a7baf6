import { describe, expect, it } from "vitest";
import { buildGraph } from "./build";
import { bookinfo, call } from "./testing/fixture";

describe("buildGraph", () => {
  it("lists regions, clusters, services and global services in a fixed order", () => {
    const g = buildGraph(bookinfo());
    expect(g.nodes.map((n) => n.id)).toEqual([
      "region:eu-west-1",
      "region:us-east-1",
      "cluster:east-1",
      "cluster:east-2",
      "cluster:west-1",
      "svc:east-1/bookinfo/details",
      "svc:east-1/bookinfo/productpage",
      "svc:east-2/bookinfo/ratings",
      "svc:east-2/bookinfo/reviews",
      "svc:west-1/bookinfo/ratings",
      "svc:west-1/bookinfo/reviews",
      "gsvc:bookinfo/details",
      "gsvc:bookinfo/productpage",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
    expect(g.nodes.find((n) => n.id === "cluster:west-1")).toMatchObject({
      parent: "region:eu-west-1",
      clusterKind: "vm-site",
      mesh: "consul",
      label: "WEST-1",
    });
    expect(g.nodes.find((n) => n.id === "svc:west-1/bookinfo/reviews")).toMatchObject({
      parent: "cluster:west-1",
      imported: true,
      exported: false,
      health: { ready: 1, total: 2, stale: false, alerts: 0 },
    });
  });

  it("builds call and member edges and drops calls to unknown services", () => {
    const g = buildGraph(bookinfo());
    const calls = g.edges.filter((e) => e.kind === "call");
    expect(calls.map((e) => [e.id, e.crossCluster])).toEqual([
      ["call:svc:east-1/bookinfo/productpage->svc:east-1/bookinfo/details", false],
      ["call:svc:east-1/bookinfo/productpage->svc:east-2/bookinfo/reviews", true],
      ["call:svc:east-2/bookinfo/reviews->svc:east-2/bookinfo/ratings", false],
    ]);
    expect(g.edges.filter((e) => e.kind === "member")).toHaveLength(6);
    expect(g.dropped).toBe(1);
    expect(g.droppedMembers).toBe(0);
  });

  it("flags errors on failing calls and rolls them up", () => {
    const g = buildGraph(bookinfo());
    const errors = g.nodes.filter((n) => n.errors).map((n) => n.id);
    expect(errors).toEqual([
      "region:us-east-1",
      "cluster:east-2",
      "svc:east-2/bookinfo/ratings",
      "svc:east-2/bookinfo/reviews",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
  });

  it("groups by namespace, sums health, and counts alerts", () => {
    const g = buildGraph(
      bookinfo({ groupByNamespace: true, alerts: { "svc:west-1/bookinfo/ratings": 2 } }),
    );
    const ns = g.nodes.find((n) => n.id === "ns:west-1/bookinfo");
    expect(ns).toMatchObject({ parent: "cluster:west-1", errors: true, imported: true });
    expect(ns?.health).toEqual({ ready: 3, total: 4, stale: false, alerts: 0 });
    expect(g.nodes.find((n) => n.id === "svc:west-1/bookinfo/ratings")?.parent).toBe(
      "ns:west-1/bookinfo",
    );
    expect(g.nodes.find((n) => n.id === "region:us-east-1")?.health.total).toBe(8);
  });

  it("merges repeated samples and survives unknown clusters", () => {
    const input = bookinfo({
      calls: [
        call("east-1/productpage", "east-1/details", 30, 0.1, 10),
        call("east-1/productpage", "east-1/details", 10, 0.5, 40),
        call("mars/productpage", "east-1/details"),
      ],
    });
    input.globalServices[0]?.clusters.push({
      ...input.globalServices[0].clusters[0]!,
      cluster: "mars",
    });
    const g = buildGraph(input);
    const calls = g.edges.filter((e) => e.kind === "call");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ requestRate: 40, p95Ms: 40 });
    expect(calls[0]?.kind === "call" && calls[0].errorRate).toBeCloseTo(0.2);
    expect(g.dropped).toBe(1);
    expect(g.droppedMembers).toBe(1);
  });

  it("gives the same output for shuffled input", () => {
    const a = bookinfo();
    const b = bookinfo();
    b.clusters.reverse();
    b.globalServices.reverse();
    b.calls.reverse();
    expect(buildGraph(b)).toEqual(buildGraph(a));
  });
});
