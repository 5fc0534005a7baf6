import { describe, expect, it } from "vitest";

import { buildCallEdgesQuery, parseCallEdges } from "./call-edges";

const sample = (metric: Record<string, string>, value: number) => ({
  metric,
  value: [1, value] as [number, number],
});

const istio = (signal: string, value: number, extra: Record<string, string> = {}) =>
  sample(
    {
      signal,
      source_workload: "productpage-v1",
      source_workload_namespace: "bookinfo",
      source_cluster: "east-1",
      destination_service_name: "reviews",
      destination_service_namespace: "bookinfo",
      destination_cluster: "east-2",
      ...extra,
    },
    value,
  );

describe("call edges query", () => {
  it("is one query per family with rate, 5xx rate and p95 tagged by signal", () => {
    const q = buildCallEdgesQuery("istio", { window: "30s" });
    expect(q.split("\nor\n")).toHaveLength(3);
    expect(q).toContain('istio_requests_total{reporter="destination"}[30s]');
    expect(q).toContain('response_code=~"5.."');
    expect(q).toContain("histogram_quantile(0.95, sum by (");
    expect(q).toMatch(/"signal", "p95"/);
    const l = buildCallEdgesQuery("linkerd");
    expect(l).toContain('response_total{direction="inbound"}[1m]');
    expect(l).toContain("client_id");
  });

  it("refuses a window or label that could inject PromQL", () => {
    expect(() => buildCallEdgesQuery("istio", { window: "1m]) or vector(1" })).toThrow();
    expect(() => buildCallEdgesQuery("istio", { clusterLabel: 'x"}' })).toThrow();
  });
});

describe("parseCallEdges", () => {
  it("attributes calls to global hostnames to their global service (defect 2)", () => {
    const calls = parseCallEdges("istio", [
      istio("rps", 6, { destination_service_name: "ratings.bookinfo.global" }),
      istio("rps", 1, { destination_service_name: "ratings.bookinfo.svc.clusterset.local" }),
    ]);
    expect(calls.map((c) => [c.destination.name, c.requestRate, c.globalHost])).toEqual([
      ["ratings", 7, true],
    ]);
    const linkerd = parseCallEdges("linkerd", [
      sample(
        {
          signal: "rps",
          authority: "ratings.bookinfo.global:9080",
          client_id: "reviews.bookinfo.serviceaccount.identity.linkerd.cluster.local",
          source_cluster: "west-1",
          destination_cluster: "east-2",
        },
        2,
      ),
    ]);
    expect(linkerd.map((c) => [c.destination.name, c.destination.namespace, c.globalHost])).toEqual(
      [["ratings", "bookinfo", true]],
    );
  });

  it("joins the three signals of an Istio edge and sums workload versions", () => {
    const calls = parseCallEdges("istio", [
      istio("rps", 8),
      istio("rps", 2, { source_workload: "productpage-v2" }),
      istio("errors", 1),
      istio("p95", 40),
      istio("p95", 90, { source_workload: "productpage-v2" }),
    ]);
    expect(calls).toEqual([
      {
        source: { cluster: "east-1", namespace: "bookinfo", name: "productpage" },
        destination: { cluster: "east-2", namespace: "bookinfo", name: "reviews" },
        requestRate: 10,
        errorRate: 0.1,
        p95Ms: 90,
      },
    ]);
  });

  it("prefers the canonical service and falls back to the source's cluster", () => {
    const calls = parseCallEdges(
      "istio",
      [
        istio("rps", 5, {
          source_canonical_service: "frontend",
          source_cluster: "",
          destination_cluster: "",
        }),
        istio("p95", Number.NaN, {
          source_canonical_service: "frontend",
          source_cluster: "",
          destination_cluster: "",
        }),
      ],
      { fallbackCluster: "west-1" },
    );
    expect(calls).toEqual([
      {
        source: { cluster: "west-1", namespace: "bookinfo", name: "frontend" },
        destination: { cluster: "west-1", namespace: "bookinfo", name: "reviews" },
        requestRate: 5,
        errorRate: 0,
        p95Ms: 0,
      },
    ]);
  });

  it("names Linkerd ends from the authority and the caller's identity", () => {
    const metric = {
      authority: "reviews.bookinfo.svc.cluster.local:9080",
      client_id: "productpage.bookinfo.serviceaccount.identity.linkerd.cluster.local",
      cluster: "west-1",
    };
    const calls = parseCallEdges("linkerd", [
      sample({ ...metric, signal: "rps" }, 4),
      sample({ ...metric, signal: "errors" }, 4),
      sample({ ...metric, signal: "p95" }, 30),
    ]);
    expect(calls).toEqual([
      {
        source: { cluster: "west-1", namespace: "bookinfo", name: "productpage" },
        destination: { cluster: "west-1", namespace: "bookinfo", name: "reviews" },
        requestRate: 4,
        errorRate: 1,
        p95Ms: 30,
      },
    ]);
  });

  it("skips series whose ends cannot be named and edges without traffic", () => {
    const calls = parseCallEdges("linkerd", [
      sample({ signal: "rps", authority: "10.0.0.1:9080", client_id: "x", cluster: "c" }, 3),
      sample({ signal: "other", authority: "a.b.svc", client_id: "c.d.serviceaccount.x" }, 3),
    ]);
    expect(calls).toEqual([]);
    const idle = parseCallEdges("istio", [istio("rps", 0), istio("p95", 12)]);
    expect(idle).toEqual([]);
  });
});
