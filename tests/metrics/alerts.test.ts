// Alert rollups from REAL Prometheus and Alertmanager: three per-cluster Prometheus servers
// scrape their cluster's traffic generator with the demo's rules loaded (test windows) and
// send to one Alertmanager; a federating Prometheus beside them. Errors injected into
// reviews in one cluster → degraded (1 of 3), in all → outage; Alertmanager's v2 alerts;
// a source down → partial with a marker.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loadFleetFile } from "@/lib/agent-protocol/fleet-file";
import type { AlertListDto } from "@/lib/model/alerts";
import type { RollupService } from "@/lib/domain/alert-rollup";
import { readAllAlerts, type AlertSource } from "@/lib/fleet-metrics/alerts-client";
import { buildAlertList } from "@/lib/fleet-metrics/alerts-view";
import { createPrometheusClient } from "@/lib/fleet-metrics/prometheus-client";
import { createSsrfGuard } from "@/lib/fleet-metrics/ssrf-guard";

import { testRules } from "./alert-rules";
import { startAlertmanager, type AlertmanagerServer } from "./alertmanager-harness";
import { pollUntil } from "./helpers";
import { startMetricsFleet, type MetricsFleet } from "./prometheus-harness";

const CLUSTERS = ["east-1", "east-2", "west-1"];
// The inventory side: global services and the clusters each runs in, from the demo fleet file.
const SERVICES: RollupService[] = (() => {
  const runsIn = new Map<string, string[]>();
  for (const c of loadFleetFile().clusters)
    for (const s of c.services)
      runsIn.set(`${s.namespace}/${s.name}`, [
        ...(runsIn.get(`${s.namespace}/${s.name}`) ?? []),
        c.name,
      ]);
  return [...runsIn].map(([key, clusters]) => {
    const [namespace, name] = key.split("/") as [string, string];
    return { namespace, name, hostname: `${name}.${namespace}.global`, clusters };
  });
})();

let am: AlertmanagerServer;
let fleet: MetricsFleet;
let perCluster: AlertSource[];
let alertmanager: AlertSource;
let global: AlertSource;
const client = createPrometheusClient({
  timeoutMs: 1_500,
  cacheTtlMs: 0,
  // Test servers are on loopback, so the admin allow-list has to permit it.
  checkUrl: createSsrfGuard({ allow: ["127.0.0.1/32"] }).check,
});

async function view(sources: AlertSource[]): Promise<AlertListDto> {
  return buildAlertList({
    sources,
    read: await readAllAlerts(client, sources),
    fleetAlerts: [],
    services: SERVICES,
    query: {},
    now: new Date(),
  });
}
const reviews = (v: AlertListDto) => v.rollups.services.find((s) => s.name === "reviews");
const reviewsErrors = (v: AlertListDto) =>
  v.items.filter((a) => a.name === "ServiceErrorRateHigh" && a.globalService?.name === "reviews");

beforeAll(async () => {
  am = await startAlertmanager();
  fleet = await startMetricsFleet(CLUSTERS, "istio", {
    rules: testRules({ window: "5s", forDuration: "2s", interval: "1s" }),
    alertmanagers: [am.target],
  });
  perCluster = CLUSTERS.map((c) => ({
    name: `prom-${c}`,
    kind: "prometheus",
    url: fleet.clusters.get(c)!.url,
    cluster: c,
  }));
  alertmanager = { name: "alertmanager", kind: "alertmanager", url: am.url };
  global = { name: "global", kind: "prometheus", url: fleet.global.url };
}, 60_000);

afterAll(async () => {
  await fleet?.stop();
  await am?.stop();
}, 30_000);

describe("alert rollups against real Prometheus and Alertmanager", { timeout: 60_000 }, () => {
  it("has no alerts while every cluster is healthy", async () => {
    // Wait until the rules have seen traffic: a p95 exists once a full window is scraped.
    await pollUntil(
      async () => {
        const res = await fetch(
          `${fleet.clusters.get("east-1")!.url}/api/v1/query?query=${encodeURIComponent('sum(rate(istio_requests_total{destination_service_name="reviews"}[5s]))')}`,
        );
        const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
        return Number(body.data.result[0]?.value[1] ?? 0);
      },
      (rps) => rps > 5,
    );
    const v = await view([...perCluster, global, alertmanager]);
    expect(v.errors).toEqual([]);
    expect(v.items).toEqual([]);
    expect(v.rollups.services).toEqual([]);
  });

  it("says degraded in 1 of 3 clusters when reviews fails in east-2 only (pending first)", async () => {
    fleet.generators.get("east-2")!.inject("reviews", { errorRate: 0.5, latencyMs: 0 });
    const states = new Set<string>();
    const v = await pollUntil(
      () => view(perCluster),
      (x) => {
        for (const a of reviewsErrors(x)) states.add(a.state);
        return reviewsErrors(x).some((a) => a.state === "firing");
      },
      40_000,
      250,
    );
    expect(states.has("pending")).toBe(true);
    const [alert] = reviewsErrors(v);
    expect(alert).toMatchObject({
      kind: "metrics",
      severity: "critical",
      cluster: "east-2",
      globalService: { namespace: "bookinfo", name: "reviews" },
      sources: [{ name: "prom-east-2", type: "prometheus" }],
      summary: expect.stringMatching(/^reviews\.bookinfo: \d+(\.\d+)?% of requests fail \(5xx\)$/),
    });
    expect(alert!.value).toBeGreaterThan(0.3);
    expect(reviews(v)).toMatchObject({
      status: "degraded",
      label: "degraded · 1 of 3 clusters",
      affectedClusters: ["east-2"],
      clusters: CLUSTERS,
    });
    // Only reviews fails; the other services stay out of the rollup.
    expect(v.rollups.services.map((s) => s.name)).toEqual(["reviews"]);
  });

  it("shows Alertmanager's v2 alerts with the cluster external label, merged with Prometheus's", async () => {
    const fromAm = await pollUntil(
      () => view([alertmanager]),
      (x) => reviewsErrors(x).length > 0,
    );
    const [alert] = reviewsErrors(fromAm);
    expect(alert).toMatchObject({
      cluster: "east-2",
      state: "firing",
      labels: expect.objectContaining({ cluster: "east-2", mesh: "istio" }),
      sources: [{ name: "alertmanager", type: "alertmanager" }],
    });
    expect(reviews(fromAm)!.label).toBe("degraded · 1 of 3 clusters");

    const both = await view([...perCluster, alertmanager]);
    expect(reviewsErrors(both)).toHaveLength(1);
    expect(reviewsErrors(both)[0]!.sources).toEqual([
      { name: "prom-east-2", type: "prometheus" },
      { name: "alertmanager", type: "alertmanager" },
    ]);
  });

  it("says outage when reviews fails in every cluster", async () => {
    for (const c of CLUSTERS)
      fleet.generators.get(c)!.inject("reviews", { errorRate: 0.5, latencyMs: 0 });
    const v = await pollUntil(
      () => view(perCluster),
      (x) => reviews(x)?.status === "outage",
      40_000,
    );
    expect(reviews(v)).toMatchObject({
      label: "outage · all 3 clusters",
      affectedClusters: CLUSTERS,
      severity: "critical",
    });
    expect(reviewsErrors(v).map((a) => a.cluster)).toEqual(expect.arrayContaining(CLUSTERS));
  });

  it("returns the other sources' alerts and marks the one that is down", async () => {
    await fleet.clusters.get("west-1")!.stop();
    const v = await view([...perCluster, alertmanager]);
    expect(v.errors).toEqual([
      { source: "prom-west-1", message: "source prom-west-1 failed: unreachable" },
    ]);
    expect(v.sources.find((s) => s.name === "prom-west-1")).toMatchObject({ ok: false, alerts: 0 });
    expect(v.sources.find((s) => s.name === "prom-east-1")).toMatchObject({ ok: true });
    const clusters = new Set(reviewsErrors(v).map((a) => a.cluster));
    expect(clusters.has("east-1") && clusters.has("east-2")).toBe(true);
    expect(JSON.stringify(v.errors)).not.toContain("127.0.0.1");
  });

  it("recovers: alerts resolve once the errors stop", async () => {
    for (const c of CLUSTERS) fleet.generators.get(c)!.reset();
    const live = perCluster.filter((s) => s.cluster !== "west-1");
    const v = await pollUntil(
      () => view(live),
      (x) => reviewsErrors(x).length === 0,
      40_000,
    );
    expect(v.rollups.services).toEqual([]);
  });
});
