import { describe, expect, it } from "vitest";
import { buildGraph } from "./build";
import {
  AUTO_COLLAPSE_CLUSTERS,
  AUTO_COLLAPSE_NODES,
  collapseIds,
  resolveTopologyQuery,
} from "./query";
import { bookinfo } from "./testing/fixture";

describe("collapse=auto", () => {
  const graph = buildGraph(bookinfo());

  it("reads auto, listed ids and expand from the query", () => {
    const r = resolveTopologyQuery(graph, {
      collapse: "auto,cluster:west-1",
      expand: "cluster:east-1",
    });
    expect(r).toMatchObject({
      ok: true,
      collapse: { auto: true, ids: ["cluster:west-1"], expand: ["cluster:east-1"] },
    });
  });

  it("refuses to expand a node that is not a cluster or namespace", () => {
    const r = resolveTopologyQuery(graph, {
      collapse: "auto",
      expand: "svc:east-1/bookinfo/details",
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.message).toContain('"svc:east-1/bookinfo/details"');
  });

  // What `auto` judges: the filtered, unfolded graph's nodes and clusters.
  const size = (nodes: number, clusters = 3) => ({ nodes, clusters });

  it("folds every cluster but the expanded ones only above the threshold", () => {
    const req = { auto: true, ids: [], expand: ["cluster:east-1"] };
    expect(collapseIds(graph, req, size(AUTO_COLLAPSE_NODES))).toEqual([]);
    expect(collapseIds(graph, req, size(AUTO_COLLAPSE_NODES + 1)).sort()).toEqual([
      "cluster:east-2",
      "cluster:west-1",
    ]);
    expect(
      collapseIds(graph, { ...req, auto: false, ids: ["cluster:west-1"] }, size(10_000, 2_000)),
    ).toEqual(["cluster:west-1"]);
  });

  it("also folds every region above the cluster threshold", () => {
    const req = { auto: true, ids: [], expand: [] };
    const big = size(10_000, AUTO_COLLAPSE_CLUSTERS + 1);
    expect(collapseIds(graph, req, size(10_000, AUTO_COLLAPSE_CLUSTERS)).sort()).toEqual([
      "cluster:east-1",
      "cluster:east-2",
      "cluster:west-1",
    ]);
    expect(collapseIds(graph, req, big).sort()).toEqual([
      "cluster:east-1",
      "cluster:east-2",
      "cluster:west-1",
      "region:eu-west-1",
      "region:us-east-1",
    ]);
    // An expanded region shows its clusters, folded.
    expect(collapseIds(graph, { ...req, expand: ["region:us-east-1"] }, big).sort()).toEqual([
      "cluster:east-1",
      "cluster:east-2",
      "cluster:west-1",
      "region:eu-west-1",
    ]);
    // So does the region of an expanded cluster (found by search or the panel).
    expect(collapseIds(graph, { ...req, expand: ["cluster:east-2"] }, big).sort()).toEqual([
      "cluster:east-1",
      "cluster:west-1",
      "region:eu-west-1",
    ]);
  });

  it("accepts a region id to fold or expand", () => {
    const r = resolveTopologyQuery(graph, {
      collapse: "region:eu-west-1",
      expand: "region:us-east-1",
    });
    expect(r).toMatchObject({ ok: true, collapse: { ids: ["region:eu-west-1"] } });
  });
});
