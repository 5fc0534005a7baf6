// The topology service with its two inputs fed in-process (the named boundaries the API's
// database and Prometheus readers sit behind): caching, collapse + filter order, errors.
import { describe, expect, it } from "vitest";

import { DomainError } from "@/lib/domain/errors";
import { bookinfo } from "@/lib/graph/testing/fixture";
import { createTopologyService, type CallsInput } from "./topology";

function service(opts: { ttlMs?: number; now?: () => number } = {}) {
  const input = bookinfo();
  const counts = { inventory: 0, calls: 0 };
  const calls: CallsInput = {
    configured: true,
    sources: ["global"],
    calls: input.calls,
    errors: [{ source: "east-1", message: "source east-1 failed: timeout" }],
  };
  const svc = createTopologyService({
    inventory: async () => {
      counts.inventory++;
      return { clusters: input.clusters, globalServices: input.globalServices };
    },
    calls: async () => {
      counts.calls++;
      return calls;
    },
    ...opts,
  });
  return { svc, counts };
}

describe("topology service", () => {
  it("builds once per TTL and filters each request from the cached graph", async () => {
    let t = 1_000;
    const { svc, counts } = service({ ttlMs: 5_000, now: () => t });
    const all = await svc.get({});
    const east = await svc.get({ cluster: "east-1" });
    expect(counts).toEqual({ inventory: 1, calls: 1 });
    expect(all.totalNodes).toBe(all.nodes.length);
    expect(east.nodes.length).toBeLessThan(all.nodes.length);
    expect(east.totalNodes).toBe(all.nodes.length);
    t += 5_001;
    await svc.get({});
    expect(counts).toEqual({ inventory: 2, calls: 2 });
    svc.invalidate();
    await svc.get({});
    expect(counts.inventory).toBe(3);
  });

  it("folds a region after filtering: the filters judge its services, not the folded node", async () => {
    const { svc } = service();
    const g = await svc.get({ collapse: "region:us-east-1", namespace: "bookinfo", mesh: "istio" });
    expect(g.nodes.map((n) => n.id)).toEqual([
      "region:us-east-1",
      "gsvc:bookinfo/details",
      "gsvc:bookinfo/productpage",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
    expect(g.nodes[0]).toMatchObject({ collapsed: true, clusterCount: 2 });
  });

  it("keeps partial results and marks cross-cluster calls", async () => {
    const { svc } = service();
    const g = await svc.get({});
    expect(g.errors).toEqual([{ source: "east-1", message: "source east-1 failed: timeout" }]);
    const cross = g.edges.filter((e) => e.kind === "call" && e.crossCluster);
    expect(cross.map((e) => e.id)).toEqual([
      "call:svc:east-1/bookinfo/productpage->svc:east-2/bookinfo/reviews",
    ]);
    expect(g.dropped).toBe(1);
  });

  it("collapses before filtering, so a collapsed cluster can be filtered to", async () => {
    const { svc } = service();
    const g = await svc.get({ collapse: "cluster:east-2", cluster: "east-2" });
    expect(g.nodes.map((n) => n.id)).toEqual([
      "region:us-east-1",
      "cluster:east-2",
      "gsvc:bookinfo/ratings",
      "gsvc:bookinfo/reviews",
    ]);
  });

  it("leaves a small map unfolded under collapse=auto", async () => {
    const { svc } = service();
    const all = await svc.get({});
    const auto = await svc.get({ collapse: "auto" });
    expect(auto.nodes).toEqual(all.nodes);
    expect(auto.nodes.some((n) => n.kind === "cluster" && n.collapsed)).toBe(false);
  });

  it("throws an invalid-input error naming the allowed values", async () => {
    const { svc } = service();
    const err = await svc.get({ namespace: "shop" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe("invalid");
    expect((err as DomainError).code).toBe("invalid_filter");
    expect((err as DomainError).details).toMatchObject({ allowed: { namespace: ["bookinfo"] } });
    expect((err as DomainError).message).toBe(
      'Unknown filter value: namespace "shop" (allowed: bookinfo)',
    );
  });

  it("does not keep a failed build", async () => {
    let fail = true;
    const svc = createTopologyService({
      inventory: async () => {
        if (fail) throw new Error("database down");
        return { clusters: [], globalServices: [] };
      },
      calls: async () => ({ configured: false, sources: [], calls: [], errors: [] }),
    });
    await expect(svc.get({})).rejects.toThrow("database down");
    fail = false;
    expect((await svc.get({})).nodes).toEqual([]);
  });
});
