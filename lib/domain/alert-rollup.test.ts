import { describe, expect, it } from "vitest";

import { normalizeSeverity, maxSeverity, shortHash, type RawAlert } from "./alert-model";
import { mapAlerts, rollupAlerts, rollupLabel, type RollupService } from "./alert-rollup";

const SERVICES: RollupService[] = [
  {
    namespace: "bookinfo",
    name: "reviews",
    hostname: "reviews.bookinfo.global",
    clusters: ["east-1", "east-2", "west-1"],
  },
  {
    namespace: "bookinfo",
    name: "details",
    hostname: "details.bookinfo.global",
    clusters: ["east-1", "east-2"],
  },
  {
    namespace: "bookinfo",
    name: "productpage",
    hostname: "productpage.bookinfo.global",
    clusters: ["east-1"],
  },
  { namespace: "shop", name: "details", hostname: "details.shop.global", clusters: ["west-1"] },
];

function raw(over: Partial<RawAlert> & { labels?: Record<string, string> }): RawAlert {
  return {
    name: "ServiceErrorRateHigh",
    annotations: {},
    state: "firing",
    activeAt: "2026-12-02T10:00:00Z",
    value: 0.5,
    source: { name: "global", type: "prometheus" },
    kind: "metrics",
    ...over,
    labels: {
      alertname: over.name ?? "ServiceErrorRateHigh",
      severity: "critical",
      ...over.labels,
    },
  };
}
const reviewsIn = (cluster: string, extra: Partial<RawAlert> = {}) =>
  raw({
    ...extra,
    labels: {
      cluster,
      destination_service_namespace: "bookinfo",
      destination_service_name: "reviews",
      ...extra.labels,
    },
  });

describe("mapAlerts", () => {
  it("maps Istio-style destination labels and the cluster external label", () => {
    const [a] = mapAlerts([reviewsIn("east-2")], SERVICES);
    expect(a).toMatchObject({
      globalService: { namespace: "bookinfo", name: "reviews" },
      cluster: "east-2",
      severity: "critical",
      state: "firing",
      unknownService: null,
    });
  });

  it("uses the per-cluster source's cluster when the alert has no cluster label", () => {
    const [a] = mapAlerts(
      [
        raw({
          labels: {
            destination_service_namespace: "bookinfo",
            destination_service_name: "reviews",
          },
          sourceCluster: "west-1",
        }),
      ],
      SERVICES,
    );
    expect(a!.cluster).toBe("west-1");
  });

  it("prefers the cluster label over destination_cluster and the source's cluster", () => {
    const [a] = mapAlerts(
      [
        raw({
          labels: {
            cluster: "east-1",
            destination_cluster: "east-2",
            service: "reviews",
            namespace: "bookinfo",
          },
          sourceCluster: "west-1",
        }),
      ],
      SERVICES,
    );
    expect(a!.cluster).toBe("east-1");
    const [b] = mapAlerts(
      [
        raw({
          labels: { destination_cluster: "east-2", service: "reviews", namespace: "bookinfo" },
        }),
      ],
      SERVICES,
    );
    expect(b!.cluster).toBe("east-2");
  });

  it("maps service+namespace, exported_*, the Istio FQDN and a unique bare service name", () => {
    const cases: Record<string, string>[] = [
      { service: "details", namespace: "shop" },
      { exported_service: "details", exported_namespace: "shop" },
      { destination_service: "details.shop.svc.cluster.local" },
      { service: "productpage" },
    ];
    const mapped = cases.map((labels) => mapAlerts([raw({ labels })], SERVICES)[0]!.globalService);
    expect(mapped).toEqual([
      { namespace: "shop", name: "details" },
      { namespace: "shop", name: "details" },
      { namespace: "shop", name: "details" },
      { namespace: "bookinfo", name: "productpage" },
    ]);
  });

  it("does not guess an ambiguous bare name and records unknown services", () => {
    const [ambiguous] = mapAlerts(
      [raw({ labels: { service: "details", cluster: "east-1" } })],
      SERVICES,
    );
    expect(ambiguous).toMatchObject({
      globalService: null,
      unknownService: "details",
      cluster: "east-1",
    });
    const [unknown] = mapAlerts(
      [raw({ labels: { service: "cart", namespace: "shop" } })],
      SERVICES,
    );
    expect(unknown).toMatchObject({ globalService: null, unknownService: "shop/cart" });
  });

  it("merges the same alert from a per-cluster Prometheus and Alertmanager", () => {
    const fromProm = raw({
      labels: { destination_service_namespace: "bookinfo", destination_service_name: "reviews" },
      sourceCluster: "east-2",
      source: { name: "prom-east-2", type: "prometheus" },
      activeAt: "2026-12-02T10:00:05Z",
    });
    const fromAm = reviewsIn("east-2", {
      source: { name: "alertmanager", type: "alertmanager" },
      state: "suppressed",
      activeAt: "2026-12-02T10:00:01Z",
      value: null,
    });
    const items = mapAlerts([fromProm, fromAm], SERVICES);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      state: "suppressed",
      activeAt: "2026-12-02T10:00:01Z",
      value: 0.5,
      sources: [
        { name: "prom-east-2", type: "prometheus" },
        { name: "alertmanager", type: "alertmanager" },
      ],
    });
  });

  it("keeps alerts of different clusters apart, with stable ids", () => {
    const once = mapAlerts([reviewsIn("east-1"), reviewsIn("east-2")], SERVICES);
    const again = mapAlerts([reviewsIn("east-2"), reviewsIn("east-1")], SERVICES);
    expect(once).toHaveLength(2);
    expect(new Set(once.map((a) => a.id)).size).toBe(2);
    expect(once.map((a) => a.id)).toEqual(again.map((a) => a.id));
  });

  it("sorts by severity, then firing before pending", () => {
    const items = mapAlerts(
      [
        raw({ name: "Info", labels: { severity: "info", cluster: "east-1" } }),
        raw({ name: "Pending", labels: { cluster: "east-1" }, state: "pending" }),
        raw({ name: "Firing", labels: { cluster: "east-1" } }),
      ],
      SERVICES,
    );
    expect(items.map((a) => a.name)).toEqual(["Firing", "Pending", "Info"]);
  });

  it("takes the summary annotation, then message, then the alert name", () => {
    const items = mapAlerts(
      [
        raw({ name: "A", annotations: { summary: "sum", message: "msg" } }),
        raw({ name: "B", annotations: { message: "msg" } }),
        raw({ name: "C" }),
      ],
      SERVICES,
    );
    expect(Object.fromEntries(items.map((a) => [a.name, a.summary]))).toEqual({
      A: "sum",
      B: "msg",
      C: "C",
    });
  });
});

describe("rollupAlerts", () => {
  const rollup = (alerts: RawAlert[]) => rollupAlerts(mapAlerts(alerts, SERVICES), SERVICES);

  it("says degraded in 1 of 3 clusters when one cluster's instance fails", () => {
    const [r] = rollup([reviewsIn("east-2")]).services;
    expect(r).toMatchObject({ name: "reviews", status: "degraded", affectedClusters: ["east-2"] });
    expect(rollupLabel(r!)).toBe("degraded · 1 of 3 clusters");
  });

  it("says outage when every cluster running the service fails", () => {
    const [r] = rollup(["east-1", "east-2", "west-1"].map((c) => reviewsIn(c))).services;
    expect(r!.status).toBe("outage");
    expect(r!.affectedClusters).toEqual(["east-1", "east-2", "west-1"]);
    expect(rollupLabel(r!)).toBe("outage · all 3 clusters");
  });

  it("counts one cluster with two alerts once, and ignores clusters the service does not run in", () => {
    const [r] = rollup([
      reviewsIn("east-2"),
      reviewsIn("east-2", { name: "ServiceLatencyHigh" }),
      raw({ labels: { cluster: "lab-9", service: "details", namespace: "bookinfo" } }),
    ]).services.filter((s) => s.name === "reviews");
    expect(r).toMatchObject({
      status: "degraded",
      affectedClusters: ["east-2"],
      counts: { firing: 2, pending: 0, suppressed: 0 },
    });
    const details = rollup([
      raw({ labels: { cluster: "lab-9", service: "details", namespace: "bookinfo" } }),
    ]).services[0];
    expect(details).toMatchObject({ status: "degraded", affectedClusters: [], serviceWide: true });
  });

  it("does not count pending, suppressed or fleet alerts as failing instances", () => {
    const { services } = rollup([
      reviewsIn("east-1", { state: "pending" }),
      reviewsIn("east-2", { state: "suppressed" }),
      reviewsIn("west-1", {
        kind: "fleet",
        name: "TrustRootMismatch",
        source: { name: "meridian", type: "meridian" },
      }),
    ]);
    expect(services[0]).toMatchObject({ status: "at-risk", affectedClusters: [] });
    expect(rollupLabel(services[0]!)).toBe("at risk");
  });

  it("counts Meridian's endpoint alerts as failing instances: degraded, and down everywhere an outage", () => {
    const meridian = {
      kind: "fleet" as const,
      source: { name: "meridian", type: "meridian" as const },
    };
    const degraded = rollup([reviewsIn("west-1", { ...meridian, name: "EndpointsDegraded" })])
      .services[0]!;
    expect(degraded).toMatchObject({ status: "degraded", affectedClusters: ["west-1"] });
    expect(rollupLabel(degraded)).toBe("degraded · 1 of 3 clusters");
    // Some endpoints not ready in every cluster still serves: degraded, never an outage.
    const everywhere = rollup(
      ["east-1", "east-2", "west-1"].map((c) =>
        reviewsIn(c, { ...meridian, name: "EndpointsDegraded" }),
      ),
    ).services[0]!;
    expect(everywhere.status).toBe("degraded");
    const down = rollup([
      reviewsIn("east-1", { ...meridian, name: "EndpointsDown" }),
      reviewsIn("east-2", { ...meridian, name: "EndpointsDown" }),
      reviewsIn("west-1"),
    ]).services[0]!;
    expect(down.status).toBe("outage");
  });

  it("treats a firing alert naming the service without a cluster as degraded, cluster unknown", () => {
    const [r] = rollup([
      raw({
        labels: { destination_service_namespace: "bookinfo", destination_service_name: "reviews" },
      }),
    ]).services;
    expect(r).toMatchObject({ status: "degraded", serviceWide: true, affectedClusters: [] });
    expect(rollupLabel(r!)).toBe("degraded · cluster unknown");
  });

  it("calls a single-cluster service that fails an outage", () => {
    const [r] = rollup([
      raw({ labels: { cluster: "east-1", service: "productpage", namespace: "bookinfo" } }),
    ]).services;
    expect(r!.status).toBe("outage");
    expect(rollupLabel(r!)).toBe("outage · its only cluster");
  });

  it("groups cluster-only alerts by cluster and the rest as other", () => {
    const r = rollup([
      raw({ name: "AgentDisconnected", labels: { cluster: "west-1" }, kind: "fleet" }),
      raw({ name: "NodeDown", labels: { cluster: "west-1", severity: "warning" } }),
      raw({ name: "Watchdog", labels: { severity: "none" } }),
    ]);
    expect(r.services).toEqual([]);
    expect(r.clusters).toEqual([
      expect.objectContaining({
        cluster: "west-1",
        severity: "critical",
        counts: { firing: 2, pending: 0, suppressed: 0 },
      }),
    ]);
    expect(r.otherIds).toHaveLength(1);
  });

  it("orders outages first, then degraded, then at-risk; severity from live alerts only", () => {
    const r = rollup([
      reviewsIn("east-1", { state: "pending", labels: { severity: "warning" } }),
      raw({
        labels: {
          cluster: "east-1",
          service: "productpage",
          namespace: "bookinfo",
          severity: "warning",
        },
      }),
      raw({ labels: { cluster: "east-1", service: "details", namespace: "bookinfo" } }),
      raw({
        name: "Silenced",
        state: "suppressed",
        labels: { cluster: "west-1", service: "details", namespace: "shop", severity: "critical" },
      }),
      raw({
        name: "Low",
        state: "pending",
        labels: { cluster: "west-1", service: "details", namespace: "shop", severity: "info" },
      }),
    ]);
    expect(r.services.map((s) => [s.namespace, s.name, s.status, s.severity])).toEqual([
      ["bookinfo", "productpage", "outage", "warning"],
      ["bookinfo", "details", "degraded", "critical"],
      ["bookinfo", "reviews", "at-risk", "warning"],
      ["shop", "details", "at-risk", "info"],
    ]);
  });
});

describe("alert model helpers", () => {
  it("normalizes severities, unknown ones to warning", () => {
    expect(
      ["CRITICAL", "page", "high", "warn", "low", "none", "", "bogus"].map(normalizeSeverity),
    ).toEqual(["critical", "critical", "error", "warning", "info", "info", "warning", "warning"]);
    expect(normalizeSeverity(undefined)).toBe("warning");
  });

  it("orders severities", () => {
    expect(maxSeverity(["info", "error", "warning"])).toBe("error");
    expect(maxSeverity([])).toBeNull();
  });

  it("hashes stably", () => {
    expect(shortHash("abc")).toBe(shortHash("abc"));
    expect(shortHash("abc")).not.toBe(shortHash("abd"));
    expect(shortHash("")).toMatch(/^[0-9a-f]{8}$/);
  });
});
