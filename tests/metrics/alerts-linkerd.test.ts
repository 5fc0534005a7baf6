// The demo's Linkerd rules on REAL Prometheus servers: the destination service is split out
// of Linkerd's `authority` label, so Linkerd alerts roll up exactly like Istio's. Errors in
// reviews in one cluster → degraded (1 of 3); latency in ratings → a warning.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { AlertListDto } from "@/lib/model/alerts";
import type { RollupService } from "@/lib/domain/alert-rollup";
import { readAllAlerts, type AlertSource } from "@/lib/fleet-metrics/alerts-client";
import { buildAlertList } from "@/lib/fleet-metrics/alerts-view";
import { createPrometheusClient } from "@/lib/fleet-metrics/prometheus-client";
import { createSsrfGuard } from "@/lib/fleet-metrics/ssrf-guard";

import { testRules } from "./alert-rules";
import { pollUntil } from "./helpers";
import { startMetricsFleet, type MetricsFleet } from "./prometheus-harness";

const CLUSTERS = ["east-1", "east-2", "west-1"];
const SERVICES: RollupService[] = ["reviews", "ratings"].map((name) => ({
  namespace: "bookinfo",
  name,
  hostname: `${name}.bookinfo.global`,
  clusters: CLUSTERS,
}));

let fleet: MetricsFleet;
let sources: AlertSource[];
const client = createPrometheusClient({
  timeoutMs: 1_500,
  cacheTtlMs: 0,
  checkUrl: createSsrfGuard({ allow: ["127.0.0.1/32"] }).check,
});

async function view(): Promise<AlertListDto> {
  return buildAlertList({
    sources,
    read: await readAllAlerts(client, sources),
    fleetAlerts: [],
    services: SERVICES,
    query: {},
    now: new Date(),
  });
}
const rollupOf = (v: AlertListDto, name: string) => v.rollups.services.find((s) => s.name === name);

beforeAll(async () => {
  fleet = await startMetricsFleet(CLUSTERS, "linkerd", {
    rules: testRules({ window: "5s", forDuration: "2s", interval: "1s" }),
  });
  sources = CLUSTERS.map((c) => ({
    name: c,
    kind: "prometheus",
    url: fleet.clusters.get(c)!.url,
    cluster: c,
  }));
}, 60_000);

afterAll(async () => {
  await fleet?.stop();
}, 30_000);

describe("Linkerd alert rules against real Prometheus", { timeout: 60_000 }, () => {
  it("maps reviews errors in west-1 to the reviews global service: degraded, 1 of 3", async () => {
    fleet.generators.get("west-1")!.inject("reviews", { errorRate: 0.5, latencyMs: 0 });
    const v = await pollUntil(
      view,
      (x) => x.items.some((a) => a.name === "ServiceErrorRateHigh" && a.state === "firing"),
      40_000,
    );
    const alert = v.items.find((a) => a.name === "ServiceErrorRateHigh")!;
    expect(alert).toMatchObject({
      cluster: "west-1",
      globalService: { namespace: "bookinfo", name: "reviews" },
      labels: expect.objectContaining({
        mesh: "linkerd",
        authority: "reviews.bookinfo.svc.cluster.local:9080",
        destination_service_name: "reviews",
        destination_service_namespace: "bookinfo",
      }),
    });
    expect(rollupOf(v, "reviews")).toMatchObject({
      status: "degraded",
      label: "degraded · 1 of 3 clusters",
    });
  });

  it("raises a latency warning for ratings slowed down in east-1", async () => {
    fleet.generators.get("east-1")!.inject("ratings", { errorRate: 0, latencyMs: 800 });
    const v = await pollUntil(
      view,
      (x) => x.items.some((a) => a.name === "ServiceLatencyHigh" && a.state === "firing"),
      40_000,
    );
    const alert = v.items.find((a) => a.name === "ServiceLatencyHigh")!;
    expect(alert).toMatchObject({
      severity: "warning",
      cluster: "east-1",
      globalService: { namespace: "bookinfo", name: "ratings" },
      summary: expect.stringMatching(/^ratings\.bookinfo: p95 latency \d+ ms$/),
    });
    expect(rollupOf(v, "ratings")).toMatchObject({ status: "degraded", severity: "warning" });
    // Most severe first: the critical reviews errors before the ratings latency warning.
    expect(v.rollups.services.map((s) => s.name)).toEqual(["reviews", "ratings"]);
  });
});
