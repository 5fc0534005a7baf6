// The acceptance end to end with real parts: two kube-apiservers from the harness, a real
// Meridian agent in each (agent/src/main.ts, kubernetes mode), the UI in Chromium. Toggling an
// export → plan → apply puts a ServiceExport into exactly the exporting cluster; rollback
// removes it. Runs after every other spec (project "kube" in playwright.config.ts) because it
// adds clusters and a global service to the shared demo server.
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import type { KubeConfig } from "@kubernetes/client-node";
import { adminTest as test, expect } from "./helpers/fixtures";
import {
  createService,
  kubeConfigFor,
  readServiceExport,
  requireHarnessBinaries,
  startAgent,
  startHarness,
} from "./helpers/kube-fleet";
import { ChangeSetPage } from "./pages/change-set-page";
import { SharingPage } from "./pages/sharing-page";

const CLUSTERS = ["kube-a", "kube-b"] as const;
const EXPORTER = "kube-a";
const NAMESPACE = "shop";
const NAME = "cart";
const SERVICE = `${NAMESPACE}/${NAME}`;

type Harness = Awaited<ReturnType<typeof startHarness>>;
type Agent = ReturnType<typeof startAgent>;

let harness: Harness | undefined;
const agents: Agent[] = [];
const kube = new Map<string, KubeConfig>();
let api: APIRequestContext;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string) {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ adminState }, testInfo) => {
  test.setTimeout(240_000);
  // Never skipped: without the binaries this fails, naming `bash test/kube/ci.sh`.
  requireHarnessBinaries();
  const baseURL = String(testInfo.project.use.baseURL);
  // The cookie's changes carry the Origin a browser would send (Meridian refuses cross-origin).
  api = await playwrightRequest.newContext({
    baseURL,
    storageState: adminState,
    extraHTTPHeaders: { origin: new URL(baseURL).origin },
  });
  harness = await startHarness(CLUSTERS);
  for (const c of harness.clusters) {
    const kc = kubeConfigFor(c);
    kube.set(c.name, kc);
    await createService(kc, NAMESPACE, NAME);
  }
  for (const c of harness.clusters) {
    const created = await ok<{ version: number }>(
      await api.post("/api/v1/clusters", {
        data: { name: c.name, displayName: `Harness ${c.name}`, region: "us-test-1" },
      }),
      `add cluster ${c.name}`,
    );
    const { token } = await ok<{ token: string }>(
      await api.post(`/api/v1/clusters/${c.name}/join-tokens`, { data: {} }),
      `join token for ${c.name}`,
    );
    agents.push(
      startAgent({
        cluster: c.name,
        kubeconfig: c.kubeconfig,
        meridianUrl: baseURL,
        joinToken: token,
      }),
    );
    await ok(
      await api.patch(`/api/v1/clusters/${c.name}`, {
        data: { version: created.version, state: "live" },
      }),
      `accept ${c.name}`,
    );
  }
  // Both agents report the Service: the global service runs in both clusters.
  await expect
    .poll(
      async () => {
        const body = await ok<{
          items: { namespace: string; name: string; clusters: unknown[] }[];
        }>(
          await api.get(`/api/v1/global-services?q=${NAME}&namespace=${NAMESPACE}`),
          "global services",
        );
        return body.items.find((s) => s.name === NAME)?.clusters.length ?? 0;
      },
      {
        message: `both agents report ${SERVICE}; agent logs:\n${agents.map((a) => a.logs.slice(-10).join("\n")).join("\n")}`,
        timeout: 60_000,
      },
    )
    .toBe(2);
});

test.afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop()));
  if (api) {
    for (const name of CLUSTERS)
      await api.delete(`/api/v1/clusters/${name}`).catch(() => undefined);
    await api.dispose();
  }
  await harness?.stop();
});

test("export in the UI → plan → apply → ServiceExport in kube-a only → rollback removes it", async ({
  page,
  capture,
}) => {
  test.setTimeout(180_000);
  const exporterKc = kube.get(EXPORTER)!;
  const otherKc = kube.get("kube-b")!;
  expect(await readServiceExport(exporterKc, NAMESPACE, NAME)).toBeNull();

  const sharing = new SharingPage(page);
  await sharing.goto();
  await sharing.search.fill(NAME);
  await sharing.exportToggle(SERVICE, EXPORTER).click();
  await sharing.reviewButton.click();
  await expect(sharing.plan.cluster(EXPORTER).getByTestId("plan-count-create")).toContainText("1");
  await expect(sharing.plan.diff(EXPORTER)).toContainText("ServiceExport");
  await capture("kube-plan");

  await sharing.plan.applyButton.click();
  await expect(page).toHaveURL(/\/changes\/\d+$/);
  const changeSet = new ChangeSetPage(page);
  await expect(changeSet.clusterStatus(EXPORTER)).toHaveText("Applied", { timeout: 60_000 });
  await expect(changeSet.status).toHaveText("Applied");
  await capture("kube-applied");

  // The real API server has it, written by the agent's field manager, in kube-a only.
  const exported = await readServiceExport(exporterKc, NAMESPACE, NAME);
  expect(exported, "ServiceExport shop/cart in kube-a").not.toBeNull();
  const meta = exported!.metadata as {
    labels?: Record<string, string>;
    managedFields?: { manager: string }[];
  };
  expect(meta.labels?.["app.kubernetes.io/managed-by"]).toBe("meridian");
  expect(meta.managedFields?.map((f) => f.manager)).toContain("meridian-agent");
  expect(await readServiceExport(otherKc, NAMESPACE, NAME)).toBeNull();

  await changeSet.rollbackButton.click();
  await changeSet.rollbackDialog.getByRole("button", { name: "Roll back" }).click();
  await expect(page.getByTestId("change-set-status")).toContainText("rolls back #");
  await expect(changeSet.clusterStatus(EXPORTER)).toHaveText("Applied", { timeout: 60_000 });
  await expect
    .poll(() => readServiceExport(exporterKc, NAMESPACE, NAME), {
      message: "the agent prunes the ServiceExport after the rollback",
      timeout: 30_000,
    })
    .toBeNull();
  await capture("kube-rolled-back");
});
