import { describe, expect, it } from "vitest";
import { buildGraph } from "./build";
import { FILTER_VALUES, filterGraph } from "./filter";
import { bookinfo } from "./testing/fixture";

const graph = buildGraph(bookinfo({ groupByNamespace: true }));
const ids = (g: { nodes: { id: string }[] }) => g.nodes.map((n) => n.id);

describe("filterGraph", () => {
  it("keeps a cluster's services, their ancestors and global services", () => {
    const g = filterGraph(graph, { cluster: "east-2" });
    expect(ids(g)).toEqual([
      "region:us-east-1",
      "cluster:east-2",
      "ns:east-2/bookinfo",
      "svc:east-2/bookinfo/ratings",
      "svc:east-2/bookinfo/reviews",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
    // The cross-cluster call from east-1 loses its source, so it goes.
    expect(g.edges.map((e) => e.id)).toEqual([
      "call:svc:east-2/bookinfo/reviews->svc:east-2/bookinfo/ratings",
      "member:svc:east-2/bookinfo/ratings->gsvc:bookinfo/ratings",
      "member:svc:east-2/bookinfo/reviews->gsvc:bookinfo/reviews",
    ]);
  });

  it("keeps the cross-cluster edge when both regions' ends remain", () => {
    const g = filterGraph(graph, { region: "us-east-1" });
    expect(g.edges.filter((e) => e.kind === "call")).toHaveLength(3);
    expect(ids(g)).not.toContain("cluster:west-1");
  });

  it("combines mesh, exported and error filters", () => {
    expect(ids(filterGraph(graph, { mesh: "consul" }))).toEqual([
      "region:eu-west-1",
      "cluster:west-1",
      "ns:west-1/bookinfo",
      "svc:west-1/bookinfo/ratings",
      "svc:west-1/bookinfo/reviews",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
    expect(ids(filterGraph(graph, { onlyExported: true }))).toContain(
      "svc:east-2/bookinfo/reviews",
    );
    expect(
      ids(filterGraph(graph, { onlyExported: true })).filter((i) => i.startsWith("svc:")),
    ).toEqual(["svc:east-2/bookinfo/reviews"]);
    // Errors belong to the service answering them (ratings), not to its caller (reviews).
    const errs = filterGraph(graph, { onlyErrors: true, cluster: "east-2" });
    expect(ids(errs).filter((i) => i.startsWith("svc:"))).toEqual(["svc:east-2/bookinfo/ratings"]);
    expect(filterGraph(graph, { onlyErrors: true, mesh: "consul" }).nodes).toEqual([]);
  });

  it("returns everything with no filter and nothing for unknown values", () => {
    expect(filterGraph(graph, {}).nodes).toHaveLength(graph.nodes.length);
    expect(filterGraph(graph, { namespace: "default" }).edges).toEqual([]);
  });

  it("lists allowed values", () => {
    expect(FILTER_VALUES(graph)).toEqual({
      cluster: ["east-1", "east-2", "west-1"],
      region: ["eu-west-1", "us-east-1"],
      namespace: ["bookinfo"],
      mesh: ["consul", "istio"],
      onlyExported: [false, true],
      onlyErrors: [false, true],
    });
  });
});
