import { describe, expect, it } from "vitest";

import { buildGraph } from "@/lib/graph/build";
import { bookinfo } from "@/lib/graph/testing/fixture";
import { edgeElement, edgeWidth, nodeElement } from "./graph-elements";
import { findNode } from "./node-search";

const graph = buildGraph(bookinfo());
const node = (id: string) => graph.nodes.find((n) => n.id === id)!;
const edge = (id: string) => graph.edges.find((e) => e.id === id)!;

describe("graph elements", () => {
  it("classes nodes by kind, health, mesh, sharing and errors", () => {
    const reviews = nodeElement(node("svc:east-2/bookinfo/reviews"));
    expect(reviews.data).toEqual({
      id: "svc:east-2/bookinfo/reviews",
      parent: "cluster:east-2",
      label: "reviews",
    });
    expect(reviews.classes.split(" ")).toEqual(
      expect.arrayContaining(["service", "healthy", "mesh-istio", "exported"]),
    );
    // Its calls to ratings fail, but reviews answers fine: only ratings is red.
    expect(reviews.classes.split(" ")).not.toContain("errors");
    expect(nodeElement(node("svc:east-2/bookinfo/ratings")).classes).toContain("errors");
    expect(nodeElement(node("svc:west-1/bookinfo/reviews")).classes).toContain("degraded");
    expect(nodeElement(node("cluster:west-1")).classes).toContain("vm-site");
    expect(nodeElement(node("region:us-east-1")).data.label).toBe("US-EAST-1");
    const folded = nodeElement({
      ...node("cluster:east-2"),
      collapsed: true,
    } as (typeof graph.nodes)[number]);
    expect(folded.classes.split(" ")).toContain("collapsed");
    expect(folded.data.label).toMatch(/\n\(folded\)$/);
    const region = nodeElement({
      ...node("region:us-east-1"),
      collapsed: true,
      clusterCount: 1250,
    } as (typeof graph.nodes)[number]);
    expect(region.classes.split(" ")).toEqual(expect.arrayContaining(["region", "collapsed"]));
    expect(region.data.label).toBe("US-EAST-1 · folded\n1,250 clusters");
  });

  it("marks cross-cluster calls and colours by error rate", () => {
    const cross = edgeElement(
      edge("call:svc:east-1/bookinfo/productpage->svc:east-2/bookinfo/reviews"),
    );
    expect(cross.classes).toBe("call cross");
    expect(cross.data.rate).toBe("20 rps");
    const failing = edgeElement(
      edge("call:svc:east-2/bookinfo/reviews->svc:east-2/bookinfo/ratings"),
    );
    expect(failing.classes).toBe("call err-bad");
    expect(
      edgeElement(edge("member:svc:east-2/bookinfo/reviews->gsvc:bookinfo/reviews")).classes,
    ).toBe("member");
  });

  it("widens edges with the request rate, within bounds", () => {
    expect(edgeWidth(0)).toBeCloseTo(1.25);
    expect(edgeWidth(10)).toBeGreaterThan(edgeWidth(1));
    expect(edgeWidth(1e6)).toBe(9);
  });

  it("search finds a suggestion exactly, or the first partial match", () => {
    expect(findNode(graph.nodes, "reviews · west-1")?.id).toBe("svc:west-1/bookinfo/reviews");
    expect(findNode(graph.nodes, "ratings")?.id).toBe("svc:east-2/bookinfo/ratings");
    expect(findNode(graph.nodes, "EAST-1")?.kind).toBe("region");
    expect(findNode(graph.nodes, "nothing")).toBeUndefined();
  });
});
