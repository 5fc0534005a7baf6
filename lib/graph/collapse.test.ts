import { describe, expect, it } from "vitest";
import { buildGraph } from "./build";
import { collapseNode, collapseNodes } from "./collapse";
import { filterGraph } from "./filter";
import type { CallEdge } from "./model";
import { bookinfo, call } from "./testing/fixture";

const calls = (g: { edges: { kind: string }[] }) =>
  g.edges.filter((e): e is CallEdge => e.kind === "call");

describe("collapseNode", () => {
  it("folds a cluster's services and re-attaches their edges", () => {
    const graph = buildGraph(bookinfo());
    const g = collapseNode(graph, "cluster:east-2");
    expect(g.nodes.filter((n) => n.id.startsWith("svc:east-2"))).toEqual([]);
    expect(g.nodes.find((n) => n.id === "cluster:east-2")).toMatchObject({
      collapsed: true,
      errors: true,
      exported: true,
    });
    // reviews -> ratings is internal to east-2 and disappears.
    expect(calls(g).map((e) => [e.source, e.target, e.crossCluster])).toEqual([
      ["svc:east-1/bookinfo/productpage", "cluster:east-2", true],
      ["svc:east-1/bookinfo/productpage", "svc:east-1/bookinfo/details", false],
    ]);
    expect(g.edges.filter((e) => e.source === "cluster:east-2").map((e) => e.id)).toEqual([
      "member:cluster:east-2->gsvc:bookinfo/ratings",
      "member:cluster:east-2->gsvc:bookinfo/reviews",
    ]);
    expect(graph.nodes.find((n) => n.id === "cluster:east-2")).toMatchObject({ collapsed: false });
  });

  it("merges edges: rates summed, error rate weighted, p95 max", () => {
    const graph = buildGraph(
      bookinfo({
        calls: [
          call("east-1/productpage", "east-2/reviews", 30, 0.1, 80),
          call("east-1/productpage", "east-2/ratings", 10, 0.5, 120),
          call("east-1/details", "east-2/ratings", 5, 0, 20),
        ],
      }),
    );
    const g = collapseNode(collapseNode(graph, "cluster:east-2"), "cluster:east-1");
    expect(calls(g)).toHaveLength(1);
    const [edge] = calls(g);
    expect(edge).toMatchObject({
      id: "call:cluster:east-1->cluster:east-2",
      requestRate: 45,
      p95Ms: 120,
      crossCluster: true,
    });
    expect(edge?.errorRate).toBeCloseTo((30 * 0.1 + 10 * 0.5) / 45);
  });

  it("folds a namespace and lets filters test the collapsed node", () => {
    const graph = buildGraph(bookinfo({ groupByNamespace: true }));
    const g = collapseNode(graph, "ns:west-1/bookinfo");
    expect(g.nodes.filter((n) => n.parent === "ns:west-1/bookinfo")).toEqual([]);
    expect(filterGraph(g, { mesh: "consul" }).nodes.map((n) => n.id)).toEqual([
      "region:eu-west-1",
      "cluster:west-1",
      "ns:west-1/bookinfo",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
  });

  it("folds a region: its clusters and services go into it, counted, calls out merged", () => {
    const graph = buildGraph(
      bookinfo({
        calls: [
          call("east-1/productpage", "east-2/reviews", 20, 0, 80),
          call("west-1/reviews", "east-2/ratings", 4, 0, 30),
          call("west-1/reviews", "east-1/productpage", 6, 0.5, 90),
        ],
      }),
    );
    const g = collapseNode(graph, "region:us-east-1");
    expect(g.nodes.find((n) => n.id === "region:us-east-1")).toMatchObject({
      collapsed: true,
      clusterCount: 2,
    });
    expect(g.nodes.filter((n) => n.region === "us-east-1").map((n) => n.id)).toEqual([
      "region:us-east-1",
    ]);
    // The call inside the region is gone; the two from west-1 are one edge into the region.
    expect(calls(g).map((e) => [e.source, e.target, e.requestRate, e.errorRate])).toEqual([
      ["svc:west-1/bookinfo/reviews", "region:us-east-1", 10, 0.3],
    ]);
    expect(graph.nodes.find((n) => n.id === "region:us-east-1")).not.toHaveProperty("collapsed");
  });

  it("ignores ids that are not regions, clusters or namespaces", () => {
    const graph = buildGraph(bookinfo());
    expect(collapseNode(graph, "svc:east-1/bookinfo/details")).toBe(graph);
    expect(collapseNode(graph, "cluster:nope")).toBe(graph);
  });

  it("folds several nodes at once like one after the other", () => {
    const graph = buildGraph(bookinfo());
    const ids = ["cluster:east-1", "cluster:east-2", "cluster:west-1"];
    const once = collapseNodes(graph, ids);
    expect(once).toEqual(ids.reduce((g, id) => collapseNode(g, id), graph));
    expect(once.nodes.filter((n) => n.kind === "service")).toEqual([]);
    expect(calls(once).every((e) => e.source.startsWith("cluster:"))).toBe(true);
  });

  it("lets a folded cluster swallow a namespace folded inside it", () => {
    const graph = buildGraph(bookinfo({ groupByNamespace: true }));
    const g = collapseNodes(graph, ["ns:west-1/bookinfo", "cluster:west-1"]);
    expect(g.nodes.find((n) => n.id === "ns:west-1/bookinfo")).toBeUndefined();
    expect(g.nodes.find((n) => n.id === "cluster:west-1")).toMatchObject({ collapsed: true });
    expect(
      g.edges.some((e) => e.source.startsWith("ns:west-1") || e.target.startsWith("ns:west-1")),
    ).toBe(false);
  });
});
