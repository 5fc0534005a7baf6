import type { APIRequestContext } from "@playwright/test";
import { request } from "@playwright/test";
import { adminTest as test, expect, sameOrigin } from "./helpers/fixtures";
import { ClusterDetailPage, ClustersPage } from "./pages/clusters-page";
import { LoginPage } from "./pages/login-page";

// Admin flows of the agent protocol, driven through the UI; the agent's side is played by
// plain HTTP calls to the real agent API (register, report, status) with the join token
// the UI showed.

const AGENT = { version: "e2e-agent/1.0", hostname: "e2e", simulated: false };

async function registerAgent(api: APIRequestContext, joinToken: string): Promise<string> {
  const res = await api.post("/api/agent/v1/register", { data: { joinToken, agent: AGENT } });
  expect(res.status(), await res.text()).toBe(201);
  const { credential } = (await res.json()) as { credential: string };
  return credential;
}

test.describe("cluster administration", () => {
  test("add cluster → join token shown once → agent registers → accept → apply errors → revoke → delete", async ({
    page,
    playwright,
    baseURL,
    capture,
  }) => {
    const name = `e2e-${Date.now().toString(36)}`;
    const clusters = new ClustersPage(page);
    await clusters.goto();
    await clusters.addButton.click();
    const dialog = clusters.addDialog;
    await expect(dialog.root).toBeVisible();

    // Inline errors: the API's own schema in the form, then the API's 409 on a taken name.
    await dialog.name.fill("Bad_Name");
    // A region of its own, so the demo's regions keep their counts for specs running alongside.
    await dialog.region.fill("e2e-lab");
    await dialog.submit.click();
    await expect(dialog.fieldError("name")).toContainText("lower-case letters, digits and '-'");
    await dialog.name.fill("east-1");
    await dialog.submit.click();
    await expect(dialog.fieldError("name")).toContainText("already exists");
    await capture("add-cluster-errors");

    await dialog.name.fill(name);
    await dialog.submit.click();
    await expect(
      dialog.root.getByRole("heading", { name: `Cluster “${name}” added` }),
    ).toBeVisible();
    await expect(dialog.token).toHaveValue(/^mrd_join_\S+$/);
    const joinToken = await dialog.token.inputValue();
    await expect(dialog.installCommand).toHaveValue(
      new RegExp(`--set cluster\\.name=${name}[\\s\\S]*--set joinToken=${joinToken}`),
    );
    await expect(dialog.root).toContainText("won't be shown again");
    // The chart comes from Meridian itself, and fetches without signing in.
    const chartUrl = /^helm upgrade --install meridian-agent (\S+)/.exec(
      await dialog.installCommand.inputValue(),
    )?.[1];
    expect(chartUrl).toMatch(/\/charts\/meridian-agent-[\d.]+\.tgz$/);
    const anonymous = await request.newContext();
    const chart = await anonymous.get(chartUrl!);
    expect(chart.status()).toBe(200);
    expect([...(await chart.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    await anonymous.dispose();
    // The demo listens on localhost, which no agent elsewhere reaches: said so above the command.
    await expect(dialog.root.getByTestId("join-url-warning")).toContainText("MERIDIAN_PUBLIC_URL");
    await capture("add-cluster-token");
    await dialog.saved.click();
    await expect(dialog.root).toBeHidden();

    // Listed as pending; the token is never shown again.
    await expect(clusters.row(name)).toContainText("Pending");
    await page.reload();
    await expect(clusters.row(name)).toContainText("Pending");
    await expect(page.getByText(joinToken)).toHaveCount(0);

    const agent = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
    });
    try {
      // The agent's opt-in: it registers with the join token and reports its inventory.
      const credential = await registerAgent(agent, joinToken);
      const auth = { Authorization: `Bearer ${credential}` };
      const report = await agent.post("/api/agent/v1/report", {
        headers: auth,
        data: { kind: "snapshot", agent: AGENT, snapshot: { meshes: [], services: [] } },
      });
      expect(report.ok(), await report.text()).toBe(true);
      // A join token works once.
      const again = await agent.post("/api/agent/v1/register", {
        data: { joinToken, agent: AGENT },
      });
      expect(again.status()).toBe(401);

      // The admin's opt-in.
      await clusters.open(name);
      const detail = new ClusterDetailPage(page);
      await expect(detail.acceptCallout).toContainText("The agent has registered");
      await expect(detail.acceptCallout).toContainText(
        "accepting lets Meridian send this cluster desired state",
        { ignoreCase: true },
      );
      await expect(detail.stateBadge).toHaveText("Pending");
      await capture("cluster-pending");
      await detail.acceptButton.click();
      await expect(detail.acceptCallout).toBeHidden();
      await expect(detail.stateBadge).toHaveText("Live");

      // Desired state goes out; the agent applies one object and reports a missing CRD.
      const put = await page.request.put(`/api/v1/clusters/${name}/desired`, {
        headers: sameOrigin(),
        data: {
          resources: [
            { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x", namespace: "default" } },
            {
              apiVersion: "networking.istio.io/v1",
              kind: "ServiceEntry",
              metadata: { name: "reviews", namespace: "default" },
            },
          ],
        },
      });
      expect(put.ok(), await put.text()).toBe(true);
      const { generation } = (await put.json()) as { generation: number };
      await expect(detail.syncStatus).toHaveText(`Generation ${generation} sent, no report yet`);

      const status = await agent.post("/api/agent/v1/status", {
        headers: auth,
        data: {
          generation,
          results: [
            {
              apiVersion: "v1",
              kind: "ConfigMap",
              namespace: "default",
              name: "x",
              result: "applied",
              message: "",
            },
            {
              apiVersion: "networking.istio.io/v1",
              kind: "ServiceEntry",
              namespace: "default",
              name: "reviews",
              result: "crd-missing",
              message: "the server could not find the requested resource (ServiceEntry)",
            },
          ],
        },
      });
      expect(status.ok(), await status.text()).toBe(true);
      // The panel polls every 5 s. At the desired generation, but not "in sync": one failed.
      await expect(detail.syncStatus).toHaveText(`Generation ${generation} applied with 1 error`, {
        timeout: 12_000,
      });
      await expect(detail.applyProblems).toContainText("ServiceEntry default/reviews");
      await expect(detail.applyProblems).toContainText("crd-missing");
      await expect(detail.applyProblems).toContainText("could not find the requested resource");
      await expect(detail.applyProblems).not.toContainText("ConfigMap");
      await capture("cluster-apply-errors");

      // Revoking access disconnects the agent.
      await detail.agentPanel.getByRole("button", { name: "Revoke agent access" }).click();
      const revoke = page.getByTestId("revoke-agent-dialog");
      await revoke.getByRole("button", { name: "Revoke access" }).click();
      await expect(revoke).toBeHidden();
      await expect(detail.agentPanel).toContainText("Revoked 1 agent credential");
      const refused = await agent.post("/api/agent/v1/report", {
        headers: auth,
        data: { kind: "heartbeat", agent: AGENT },
      });
      expect(refused.status()).toBe(401);
    } finally {
      await agent.dispose();
    }

    // Delete asks for the name before it enables the button.
    const detail = new ClusterDetailPage(page);
    await detail.dangerZone.getByRole("button", { name: "Delete cluster" }).click();
    const del = page.getByTestId("delete-cluster-dialog");
    const confirm = del.getByRole("button", { name: "Delete cluster" });
    await expect(confirm).toBeDisabled();
    await del.getByLabel(/Type .* to confirm/).fill(name);
    await capture("delete-cluster-confirm");
    await confirm.click();
    await expect(page).toHaveURL("/clusters");
    await expect(clusters.row(name)).toHaveCount(0);
    expect((await page.request.get(`/api/v1/clusters/${name}`)).status()).toBe(404);
  });

  test("the agent panel shows east-1 in sync after new desired state", async ({
    page,
    capture,
  }) => {
    const detail = new ClusterDetailPage(page);
    await detail.goto("east-1");
    await expect(detail.agentPanel).toBeVisible();
    // A unique object per run, so the generation moves even on a reused server.
    const put = await page.request.put("/api/v1/clusters/east-1/desired", {
      headers: sameOrigin(),
      data: {
        resources: [
          {
            apiVersion: "v1",
            kind: "ConfigMap",
            metadata: { name: `e2e-${Date.now().toString(36)}`, namespace: "bookinfo" },
          },
        ],
      },
    });
    expect(put.ok(), await put.text()).toBe(true);
    const { generation } = (await put.json()) as { generation: number };
    // The simulated agent applies within a second; the panel polls every 5 s.
    await expect(detail.syncStatus).toHaveText(`In sync · generation ${generation}`, {
      timeout: 12_000,
    });
    await expect(detail.applyProblems).toHaveCount(0);
    await expect(detail.agentPanel.getByRole("button", { name: "New join token" })).toBeVisible();
    await capture("agent-in-sync");
  });
});

test("a viewer sees cluster state but no admin actions", async ({
  page,
  browser,
  baseURL,
  capture,
}) => {
  const email = `viewer-${Date.now().toString(36)}@meridian.test`;
  const password = "viewer-Passw0rd-e2e";
  const created = await page.request.post("/api/v1/users", {
    headers: sameOrigin(),
    data: { email, password, role: "viewer" },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const viewer = await context.newPage();
    const login = new LoginPage(viewer);
    await login.goto("/clusters");
    await login.signIn(email, password);
    const clusters = new ClustersPage(viewer);
    await expect(clusters.heading).toBeVisible();
    await expect(clusters.addButton).toHaveCount(0);

    await clusters.open("east-1");
    const detail = new ClusterDetailPage(viewer);
    await expect(detail.syncStatus).toBeVisible();
    await expect(detail.agentPanel.getByRole("button")).toHaveCount(0);
    await expect(detail.dangerZone).toHaveCount(0);
    await capture("viewer-cluster", viewer);
  } finally {
    await context.close();
  }
});
