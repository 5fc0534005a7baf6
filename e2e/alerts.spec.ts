import { adminTest as test, expect, sameOrigin } from "./helpers/fixtures";
import { AlertsPage } from "./pages/alerts-page";
import { startAlertmanager, type AlertmanagerServer } from "../tests/metrics/alertmanager-harness";
import { testRules } from "../tests/metrics/alert-rules";
import { startMetricsFleet, type MetricsFleet } from "../tests/metrics/prometheus-harness";

// The Alerts page on the demo fleet, with REAL Prometheus alerts: the metrics harness starts
// three per-cluster Prometheus servers (traffic generators, the demo's rules with test
// windows) sending to a real Alertmanager, which is added as an alert source through the
// API. An Alertmanager source feeds alerts only, so specs reading golden signals alongside
// are not affected. A cluster accepted without an agent raises Meridian's own fleet alert.
// Needs Debian's prometheus and prometheus-alertmanager (the suite fails naming them).

const CLUSTERS = ["east-1", "east-2", "west-1"];
// MERIDIAN_STALE_AFTER_SECONDS of the demo: an accepted cluster alerts once it is this old.
const STALE_AFTER_MS = 90_000;

test.describe("alerts", () => {
  test.describe.configure({ mode: "serial" });
  let am: AlertmanagerServer;
  let fleet: MetricsFleet;
  let sourceId = "";
  let allowBefore: string[] = [];
  const lab = `e2e-alerts-${Date.now().toString(36)}`;

  test.beforeAll(async () => {
    am = await startAlertmanager();
    fleet = await startMetricsFleet(CLUSTERS, "istio", {
      rules: testRules({ window: "5s", forDuration: "2s", interval: "1s" }),
      alertmanagers: [am.target],
    });
  });

  test.afterAll(async () => {
    await fleet?.stop();
    await am?.stop();
  });

  test("fleet and Prometheus alerts roll up per global service: degraded, then outage", async ({
    page,
    capture,
  }) => {
    test.setTimeout(180_000);
    const api = page.request;
    // Loopback is a private address: the admin allow-list must permit the test Alertmanager.
    const allow = await api.get("/api/v1/settings/metrics-allow-list");
    expect(allow.status()).toBe(200);
    allowBefore = ((await allow.json()) as { entries: string[] }).entries;
    const put = await api.put("/api/v1/settings/metrics-allow-list", {
      headers: sameOrigin(),
      data: { entries: [...new Set([...allowBefore, "127.0.0.1/32"])] },
    });
    expect(put.status(), await put.text()).toBe(200);

    try {
      // A cluster accepted without an agent: "never connected" once a stale threshold passed.
      const created = await api.post("/api/v1/clusters", {
        headers: sameOrigin(),
        data: { name: lab, region: "e2e-alerts" },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { version } = (await created.json()) as { version: number };
      const accepted = await api.patch(`/api/v1/clusters/${lab}`, {
        headers: sameOrigin(),
        data: { version, state: "live" },
      });
      expect(accepted.status(), await accepted.text()).toBe(200);
      const labCreatedAt = Date.now();

      const source = await api.post("/api/v1/metrics/sources", {
        headers: sameOrigin(),
        data: { name: `${lab}-am`, kind: "alertmanager", url: am.url },
      });
      expect(source.status(), await source.text()).toBe(201);
      sourceId = ((await source.json()) as { id: string }).id;

      const alerts = new AlertsPage(page);
      await alerts.goto();
      await expect(alerts.source(`${lab}-am`)).toHaveAttribute("data-ok", "true");

      // reviews fails in east-2 only; west-1 runs it with 3 of 4 endpoints ready (Meridian's
      // EndpointsDegraded): degraded in two clusters, still served by east-1.
      fleet.generators.get("east-2")!.inject("reviews", { errorRate: 0.5, latencyMs: 0 });
      const reviews = alerts.rollupBadge("bookinfo", "reviews");
      await expect(reviews).toHaveText("degraded · 2 of 3 clusters", { timeout: 60_000 });
      const group = alerts.serviceGroup("bookinfo", "reviews");
      await expect(group.getByTestId("instance-east-2")).toHaveAttribute("data-affected", "true");
      await expect(group.getByTestId("instance-west-1")).toHaveAttribute("data-affected", "true");
      await expect(group.getByTestId("instance-east-1")).toHaveAttribute("data-affected", "false");
      await expect(group.getByTestId("alert-ServiceErrorRateHigh")).toContainText("east-2");
      await expect(group.getByTestId("alert-ServiceErrorRateHigh")).toContainText("Critical");
      await capture("alerts-degraded");

      // The service list and the service page carry the same rollup.
      await page.goto("/services");
      await expect(page.getByTestId("service-alert-badge-bookinfo-reviews")).toHaveText(
        "degraded · 2 of 3 clusters",
      );
      await page.goto("/services/bookinfo/reviews");
      await expect(page.getByTestId("service-alerts").getByTestId("rollup-badge")).toHaveText(
        "degraded · 2 of 3 clusters",
      );
      await capture("service-alerts-section");

      // reviews fails everywhere: outage.
      for (const c of CLUSTERS)
        fleet.generators.get(c)!.inject("reviews", { errorRate: 0.5, latencyMs: 0 });
      await alerts.goto();
      await expect(reviews).toHaveText("outage · all 3 clusters", { timeout: 60_000 });
      for (const c of CLUSTERS)
        await expect(
          alerts.serviceGroup("bookinfo", "reviews").getByTestId(`instance-${c}`),
        ).toHaveAttribute("data-affected", "true");

      // Meridian's fleet alert for the agentless cluster.
      await page.waitForTimeout(Math.max(0, labCreatedAt + STALE_AFTER_MS + 2_000 - Date.now()));
      await alerts.goto();
      await expect(alerts.clusterGroup(lab).getByTestId("alert-AgentDisconnected")).toContainText(
        `Agent of ${lab} never connected`,
      );
      await capture("alerts-outage");
      await page.emulateMedia({ colorScheme: "dark" });
      await alerts.goto();
      // The page asks Prometheus and Alertmanager again: allow their evaluation as above.
      await expect(alerts.rollupBadge("bookinfo", "reviews")).toHaveText(
        "outage · all 3 clusters",
        { timeout: 60_000 },
      );
      await capture("alerts-outage-dark");
      await page.emulateMedia({ colorScheme: "light" });

      // Filters live in the URL: fleet alerts only.
      await alerts.kind.selectOption("fleet");
      await expect(page).toHaveURL(/[?&]kind=fleet(&|$)/);
      // reviews keeps only Meridian's own alert (west-1's endpoints), not Prometheus' ones.
      const fleetOnly = alerts.serviceGroup("bookinfo", "reviews");
      await expect(fleetOnly.getByTestId("alert-EndpointsDegraded")).toContainText("west-1");
      await expect(fleetOnly.getByTestId("alert-ServiceErrorRateHigh")).toHaveCount(0);
      await expect(alerts.clusterGroup(lab)).toBeVisible();
      await page.reload();
      await expect(alerts.kind).toHaveValue("fleet");
      await capture("alerts-filtered-fleet");

      // The Overview's alert strip.
      await page.goto("/");
      await expect(page.getByTestId("overview-alerts")).toContainText("outage · all 3 clusters");
      await capture("overview-alerts");

      // Alertmanager down: partial results with a marker, the page still renders.
      await am.stop();
      await alerts.goto();
      // The server may answer from its 5 s source cache (made while Alertmanager was up); the
      // page's next refresh (every 15 s) then shows the marker.
      await expect(alerts.partial).toContainText(`${lab}-am`, { timeout: 30_000 });
      await expect(alerts.source(`${lab}-am`)).toHaveAttribute("data-ok", "false");
      await expect(alerts.clusterGroup(lab)).toBeVisible();
      await capture("alerts-partial");

      // Nothing matches: a filtered empty state that offers to clear the filters.
      await alerts.goto(`cluster=${lab}&kind=metrics`);
      await expect(alerts.empty).toContainText("No alerts match these filters");
      await capture("alerts-filtered-empty");
    } finally {
      for (const c of CLUSTERS) fleet.generators.get(c)?.reset();
      if (sourceId)
        await api.delete(`/api/v1/metrics/sources/${sourceId}`, { headers: sameOrigin() });
      await api.delete(`/api/v1/clusters/${lab}`, { headers: sameOrigin() });
      await api.put("/api/v1/settings/metrics-allow-list", {
        headers: sameOrigin(),
        data: { entries: allowBefore },
      });
    }
  });

  test("an unknown filter value answers 400 naming the allowed values; the page ignores it", async ({
    page,
  }) => {
    const res = await page.request.get("/api/v1/alerts?severity=urgent");
    expect(res.status()).toBe(400);
    expect(await res.text()).toMatch(/critical.*error.*warning.*info/);
    const alerts = new AlertsPage(page);
    await alerts.goto("severity=urgent");
    await expect(alerts.severity).toHaveValue("");
  });
});
