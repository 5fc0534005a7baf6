// Export matrix → plan → apply → change set applied by the demo's simulated agents (real agent
// protocol) → rollback → the resources are gone from the cluster's desired state.
import type { APIRequestContext } from "@playwright/test";
import { adminTest as test, expect } from "./helpers/fixtures";
import { ChangeSetPage } from "./pages/change-set-page";
import { FailoverSection } from "./pages/failover-section";
import { LoginPage } from "./pages/login-page";
import { SharingPage } from "./pages/sharing-page";

const SERVICE = "bookinfo/reviews";
const EXPORTER = "west-1"; // Linkerd: exporting labels the Service mirror.linkerd.io/exported

type Desired = {
  desired: {
    generation: number;
    resources: {
      kind: string;
      metadata: {
        name: string;
        namespace?: string;
        annotations?: Record<string, string>;
        labels?: Record<string, string>;
      };
    }[];
  };
};

/** Resources in a cluster's desired state that belong to a global service (via the REST API). */
async function desiredFor(request: APIRequestContext, cluster: string, service: string) {
  const res = await request.get(`/api/v1/clusters/${cluster}/desired`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as Desired;
  return body.desired.resources.filter(
    (r) => r.metadata.annotations?.["meridian.dev/global-service"] === service,
  );
}

test.describe.configure({ mode: "serial" });

test.describe("sharing: export → plan → apply → rollback", () => {
  test("exporting reviews from west-1 is planned, applied by the agent, and rolled back", async ({
    page,
    capture,
  }) => {
    test.setTimeout(90_000);
    const sharing = new SharingPage(page);
    await sharing.goto();
    await expect(sharing.row(SERVICE)).toBeVisible();
    expect(await desiredFor(page.request, EXPORTER, SERVICE)).toEqual([]);
    await capture("matrix");

    // Toggle the export: the cell is pressed and marked as edited; the draft bar counts it.
    const toggle = sharing.exportToggle(SERVICE, EXPORTER);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(toggle).toHaveAttribute("data-edited", "true");
    await expect(page.getByTestId("draft-bar")).toContainText("1 change in draft");
    await expect(page.getByTestId("draft-edits")).toContainText(
      `export ${SERVICE} from ${EXPORTER}`,
    );
    await capture("draft");

    // The plan: west-1 gets one resource; its diff names the Linkerd export label.
    await sharing.reviewButton.click();
    await expect(sharing.plan.root).toBeVisible();
    const section = sharing.plan.cluster(EXPORTER);
    await expect(section.getByTestId("plan-count-create")).toContainText("1");
    await expect(sharing.plan.diff(EXPORTER)).toContainText("mirror.linkerd.io/exported");
    await expect(sharing.plan.diff(EXPORTER).locator('[data-diff="add"]').first()).toBeVisible();
    await capture("plan-review");

    // Apply → the change set page, live until the simulated agent reports the generation.
    await sharing.plan.applyButton.click();
    await expect(page).toHaveURL(/\/changes\/\d+$/);
    const changeSet = new ChangeSetPage(page);
    await expect(changeSet.clusterStatus(EXPORTER)).toHaveText("Applied", { timeout: 30_000 });
    await expect(changeSet.status).toHaveText("Applied");
    await expect(page.getByTestId("yaml-diff").first()).toContainText("mirror.linkerd.io/exported");
    const applied = await desiredFor(page.request, EXPORTER, SERVICE);
    expect(applied.map((r) => `${r.kind} ${r.metadata.namespace}/${r.metadata.name}`)).toEqual([
      "Service bookinfo/reviews",
    ]);
    await capture("change-set-applied");
    const number = changeSet.number();

    // Roll back (with a confirmation) → a new change set with the inverse intent.
    await changeSet.rollbackButton.click();
    await expect(changeSet.rollbackDialog).toBeVisible();
    await capture("rollback-confirm");
    await changeSet.rollbackDialog.getByRole("button", { name: "Roll back" }).click();
    await expect(page).not.toHaveURL(new RegExp(`/changes/${number}$`));
    await expect(page.getByTestId("change-set-status")).toContainText(`rolls back #${number}`);
    await expect(changeSet.clusterStatus(EXPORTER)).toHaveText("Applied", { timeout: 30_000 });
    expect(await desiredFor(page.request, EXPORTER, SERVICE)).toEqual([]);
    await capture("rollback-applied");

    // The history lists both, newest first; the matrix shows the export off again.
    await page.goto("/changes");
    const rows = page.getByRole("table", { name: "Change sets" }).getByRole("row");
    await expect(rows.nth(1)).toContainText(`rolls back #${number}`);
    await expect(page.getByTestId(`change-set-${number}`)).toBeVisible();
    await capture("history");
    await sharing.goto();
    await expect(sharing.exportToggle(SERVICE, EXPORTER)).toHaveAttribute("aria-pressed", "false");
  });

  test("the matrix filters by namespace and search and moves with the arrow keys", async ({
    page,
  }) => {
    const sharing = new SharingPage(page);
    await sharing.goto();
    await sharing.search.fill("rat");
    await expect(sharing.matrix.locator("tbody tr")).toHaveCount(1);
    await expect(sharing.row("bookinfo/ratings")).toBeVisible();
    await sharing.search.fill("");
    await sharing.namespaceFilter.selectOption("bookinfo");
    await expect(sharing.matrix.locator("tbody tr")).toHaveCount(4);

    // Keyboard: focus a toggle, arrow right reaches the next one, Space toggles it.
    const first = sharing.exportToggle("bookinfo/details", "east-1");
    await first.focus();
    await page.keyboard.press("ArrowRight");
    const next = sharing.importToggle("bookinfo/details", "east-1");
    await expect(next).toBeFocused();
    await page.keyboard.press("Space");
    await expect(next).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Discard" }).click();
    await expect(next).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("failover editor", () => {
  test("tiers by move buttons, weights validated to 100, plan shows the DestinationRule change", async ({
    page,
    capture,
  }) => {
    test.setTimeout(90_000);
    // Share reviews from both Istio clusters and import it into east-2, through the matrix.
    const sharing = new SharingPage(page);
    await sharing.goto();
    await sharing.exportToggle(SERVICE, "east-1").click();
    await sharing.exportToggle(SERVICE, "east-2").click();
    await sharing.importToggle(SERVICE, "east-2").click();
    await sharing.reviewButton.click();
    await sharing.plan.applyButton.click();
    const changeSet = new ChangeSetPage(page);
    await expect(changeSet.status).toHaveText("Applied", { timeout: 30_000 });
    const shared = changeSet.number();

    const failover = new FailoverSection(page);
    await failover.goto("bookinfo", "reviews");
    await failover.enable.check();
    // One tier per exporter, in export order; east-2 moves up to be preferred.
    await expect(failover.tier(1)).toContainText("US East 1");
    await failover.moveUp("east-2");
    await expect(failover.tier(1)).toContainText("US East 2");
    await expect(failover.tier(2)).toContainText("US East 1");
    // Both in one weighted tier: the sum must be 100 before a plan can be asked for.
    await failover.moveUp("east-1");
    await failover.tier(1).getByLabel("Weighted").check();
    await failover.clusterChip("east-1").getByRole("spinbutton").fill("70");
    await expect(failover.problems).toContainText("weights add up to 120, not 100");
    await expect(failover.reviewButton).toBeDisabled();
    await failover.clusterChip("east-2").getByRole("spinbutton").fill("30");
    await expect(failover.problems).toHaveCount(0);
    await capture("failover-editor");

    await failover.reviewButton.click();
    await expect(failover.plan.root).toBeVisible();
    await expect(failover.plan.diff("east-2")).toContainText("outlierDetection");
    await capture("failover-plan");
    await failover.plan.applyButton.click();
    await expect(changeSet.status).toHaveText("Applied", { timeout: 30_000 });
    await capture("failover-applied");

    // Undo both change sets so the other specs see the demo as it started.
    for (const n of [changeSet.number(), shared]) {
      await changeSet.goto(n);
      await changeSet.rollbackButton.click();
      await changeSet.rollbackDialog.getByRole("button", { name: "Roll back" }).click();
      await expect(page.getByTestId("change-set-status")).toContainText(`rolls back #${n}`);
      await expect(changeSet.status).toHaveText("Applied", { timeout: 30_000 });
    }
  });
});

test("a viewer sees the matrix and plans read-only, in the dark theme", async ({
  page,
  browser,
  baseURL,
  capture,
}) => {
  const email = `viewer-sharing-${Date.now().toString(36)}@meridian.test`;
  const password = "viewer-Passw0rd-e2e";
  const created = await page.request.post("/api/v1/users", {
    data: { email, password, role: "viewer" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await browser.newContext({
    baseURL,
    colorScheme: "dark",
    storageState: { cookies: [], origins: [] },
  });
  try {
    const viewer = await context.newPage();
    const login = new LoginPage(viewer);
    await login.goto("/sharing");
    await login.signIn(email, password);
    const sharing = new SharingPage(viewer);
    await expect(sharing.matrix).toBeVisible();
    await expect(sharing.exportToggle(SERVICE, EXPORTER)).toBeDisabled();
    await expect(viewer.getByTestId("matrix-count")).toContainText("read-only");
    await capture("matrix-viewer-dark", viewer);

    await viewer.goto("/changes");
    await expect(viewer.getByRole("heading", { level: 1, name: "Changes" })).toBeVisible();
    await capture("history-dark", viewer);
  } finally {
    await context.close();
  }
});
