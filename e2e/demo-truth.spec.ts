// One truth on every screen (issue 36): the demo's traffic follows the intent. An import applied
// through the API draws its edge on the map and gives the serving cluster a series on the
// service page; its rollback takes both away; the demo's failure switch moves the calls down
// the failover tiers; and the demo's one bypassing flow is flagged as unmanaged on the map, on
// the service page and as a fleet alert. Needs the demo's Prometheus (`prometheus` on PATH).
import type { APIRequestContext } from "@playwright/test";

import { adminTest as test, expect, sameOrigin } from "./helpers/fixtures";
import { GoldenSignalsCard } from "./pages/golden-signals-card";
import { TopologyPage } from "./pages/topology-page";

// The demo's traffic control listener: the app's port + 2 (scripts/start.ts --traffic-port).
const CONTROL = `http://127.0.0.1:${Number(process.env.MERIDIAN_E2E_PORT ?? 3210) + 2}`;
const RATINGS_CROSS = "call:svc:east-1/bookinfo/reviews->svc:east-2/bookinfo/ratings";
const RATINGS_FAILOVER = "call:svc:east-1/bookinfo/reviews->svc:ratings-legacy/bookinfo/ratings";
const BYPASS = "call:svc:west-1/bookinfo/productpage->svc:east-1/bookinfo/details";
const WITHIN = { timeout: 90_000, intervals: [3_000] };

type Call = { kind: string; id: string; unmanaged?: boolean; requestRate?: number };
type Intent = { namespace: string; name: string; version: number; imports: string[] };

async function calls(api: APIRequestContext): Promise<Map<string, Call>> {
  const res = await api.get("/api/v1/topology");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { edges: Call[] };
  return new Map(body.edges.filter((e) => e.kind === "call").map((e) => [e.id, e]));
}

/** The latest request rate a cluster serves ratings at, as the service page's chart reads it. */
async function ratingsServedBy(api: APIRequestContext, cluster: string): Promise<number> {
  const res = await api.get("/api/v1/global-services/bookinfo/ratings/metrics?range=15m");
  const body = (await res.json()) as {
    signals?: { requestRate: { byCluster: Record<string, Array<number | null>> } };
  };
  const values = body.signals?.requestRate.byCluster[cluster] ?? [];
  return values.filter((v): v is number => v !== null).at(-1) ?? 0;
}

async function ratingsIntent(api: APIRequestContext): Promise<Intent> {
  const res = await api.get("/api/v1/intent?namespace=bookinfo&name=ratings");
  return ((await res.json()) as { items: Intent[] }).items[0]!;
}

async function apply(api: APIRequestContext, imports: string[], title: string): Promise<string> {
  const { version } = await ratingsIntent(api);
  const res = await api.post("/api/v1/change-sets", {
    headers: sameOrigin(),
    data: { title, changes: [{ namespace: "bookinfo", name: "ratings", version, imports }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function control(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${CONTROL}${path}`, { method: "POST", body: JSON.stringify(body) });
  expect(res.status, await res.text()).toBe(200);
}

test.describe.configure({ mode: "serial" });

test.describe("the demo follows the intent", () => {
  test.beforeAll(async () => {
    // No silent skip: without Prometheus the demo runs no traffic generator, and this fails
    // naming what to install.
    const ready = await fetch(`${CONTROL}/routes`).catch(() => null);
    expect(
      ready?.ok,
      "the demo's traffic control is not answering: install Prometheus (apt-get install -y prometheus prometheus-alertmanager)",
    ).toBe(true);
  });
  test.afterAll(async () => {
    await fetch(`${CONTROL}/reset`, { method: "POST" }).catch(() => undefined);
  });

  test("an import draws its edge and series within 90 s, and its rollback takes them away", async ({
    page,
    capture,
  }) => {
    test.setTimeout(420_000);
    const api = page.request;
    // The seeded import (east-1 imports ratings from east-2) is flowing.
    await expect.poll(async () => (await calls(api)).has(RATINGS_CROSS), WITHIN).toBe(true);

    // Without the import the calls stop: east-1 runs no ratings and has nowhere to send them,
    // and east-2 (which runs no productpage) serves ratings to nobody.
    await apply(api, [], "e2e: east-1 stops importing ratings");
    await expect.poll(async () => (await calls(api)).has(RATINGS_CROSS), WITHIN).toBe(false);
    await expect.poll(() => ratingsServedBy(api, "east-2"), WITHIN).toBeLessThan(0.1);

    // Apply the import: the edge and east-2's ratings series come back within 90 s.
    const imported = await apply(api, ["east-1"], "e2e: east-1 imports ratings");
    const started = Date.now();
    await expect.poll(async () => (await calls(api)).has(RATINGS_CROSS), WITHIN).toBe(true);
    await expect.poll(() => ratingsServedBy(api, "east-2"), WITHIN).toBeGreaterThan(3);
    console.log(`import → edge and series: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const signals = new GoldenSignalsCard(page);
    await signals.gotoService("bookinfo", "ratings");
    await expect(signals.legend().filter({ hasText: "east-2" })).toHaveCount(1, WITHIN);
    const map = new TopologyPage(page);
    await map.goto();
    await expect
      .poll(async () => (await map.edges()).find((e) => e.id === RATINGS_CROSS)?.classes, WITHIN)
      .toContain("cross");
    expect((await map.edges()).find((e) => e.id === RATINGS_CROSS)?.classes).not.toContain(
      "unmanaged",
    );
    await capture("import-edge");

    // Roll it back: the edge goes again.
    const rollback = await api.post(`/api/v1/change-sets/${imported}/rollback`, {
      headers: sameOrigin(),
    });
    expect(rollback.status(), await rollback.text()).toBe(201);
    await expect.poll(async () => (await calls(api)).has(RATINGS_CROSS), WITHIN).toBe(false);
    await expect.poll(() => ratingsServedBy(api, "east-2"), WITHIN).toBeLessThan(0.1);

    // Leave the demo as seeded for the specs after this one.
    await apply(api, ["east-1"], "e2e: restore the demo's import of ratings");
    await expect.poll(async () => (await calls(api)).has(RATINGS_CROSS), WITHIN).toBe(true);
  });

  test("the map's panel for reviews names both meshes it runs on (defect 5) and its window", async ({
    page,
    capture,
  }) => {
    const map = new TopologyPage(page);
    await map.goto();
    await map.clickNode("gsvc:bookinfo/reviews");
    await expect(map.panel.getByTestId("panel-meshes")).toContainText("Istio");
    await expect(map.panel.getByTestId("panel-meshes")).toContainText("Linkerd");
    await expect(map.panel.getByTestId("panel-signals-window")).toContainText(
      "Server-reported, rate over 15s",
    );
    await capture("reviews-global-panel");
  });

  test("with the failure switch on, the calls follow the failover tiers to the VM site", async ({
    page,
    capture,
  }) => {
    test.setTimeout(240_000);
    const api = page.request;
    await control("/fail", { cluster: "east-2", service: "ratings", failed: true });
    await expect.poll(async () => (await calls(api)).has(RATINGS_FAILOVER), WITHIN).toBe(true);
    await expect.poll(() => ratingsServedBy(api, "ratings-legacy"), WITHIN).toBeGreaterThan(3);
    // The VM site now has a series where it serves (defect 6).
    const signals = new GoldenSignalsCard(page);
    await signals.gotoService("bookinfo", "ratings");
    await expect(signals.legend().filter({ hasText: "ratings-legacy" })).toHaveCount(1, WITHIN);
    await capture("failover-ratings");
    await control("/fail", { cluster: "east-2", service: "ratings", failed: false });
    await expect.poll(async () => (await calls(api)).has(RATINGS_CROSS), WITHIN).toBe(true);
  });

  test("the demo's bypassing flow is flagged unmanaged on the map, the service page and the alerts", async ({
    page,
    capture,
  }) => {
    test.setTimeout(240_000);
    const api = page.request;
    await control("/bypass", { from: "west-1", service: "details", on: true });
    try {
      await expect
        .poll(async () => (await calls(api)).get(BYPASS)?.unmanaged ?? false, WITHIN)
        .toBe(true);
      const map = new TopologyPage(page);
      await map.goto();
      await expect
        .poll(async () => (await map.edges()).find((e) => e.id === BYPASS)?.classes, WITHIN)
        .toContain("unmanaged");
      await expect(map.legend).toContainText("Unmanaged");
      await capture("unmanaged-map");

      await page.goto("/services/bookinfo/details");
      const traffic = page.getByTestId("cross-cluster-traffic");
      await expect(traffic.getByTestId("unmanaged-count")).toHaveText("1 unmanaged");
      await expect(traffic.getByTestId("traffic-west-1-east-1")).toContainText("no import");
      await capture("unmanaged-service");
      // The touched screens in dark and at 390 px too (each capture runs axe).
      await page.emulateMedia({ colorScheme: "dark" });
      await capture("unmanaged-service-dark");
      await map.goto();
      await capture("unmanaged-map-dark");
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize({ width: 390, height: 844 });
      await capture("unmanaged-map-390");
      await page.goto("/services/bookinfo/details");
      await expect(traffic.getByTestId("unmanaged-count")).toHaveText("1 unmanaged");
      await capture("unmanaged-service-390");

      const alerts = await api.get("/api/v1/alerts");
      expect(JSON.stringify(await alerts.json())).toContain("UnmanagedCrossClusterTraffic");
    } finally {
      await control("/bypass", { from: "west-1", service: "details", on: false });
    }
  });
});
