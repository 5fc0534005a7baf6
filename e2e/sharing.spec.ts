// Export matrix → plan → apply → change set applied by the demo's simulated agents (real agent
// protocol) → rollback → the resources are gone from the cluster's desired state.
import type { APIRequestContext } from "@playwright/test";
import { adminTest as test, expect, sameOrigin } from "./helpers/fixtures";
import { ChangeSetPage } from "./pages/change-set-page";
import { FailoverSection } from "./pages/failover-section";
import { signInNewViewer } from "./helpers/viewer";
import { SharingPage } from "./pages/sharing-page";

const SERVICE = "bookinfo/reviews";
// Both Istio: east-2 importing the global host gets a ServiceEntry and a DestinationRule for it.
const EXPORTER = "east-1";
const IMPORTER = "east-2";

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

/** A global service's intent as the REST API answers it. */
async function intentOf(request: APIRequestContext, service: string) {
  const res = await request.get("/api/v1/intent");
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    items: {
      namespace: string;
      name: string;
      version: number;
      exports: string[];
      imports: string[];
      failover: unknown;
    }[];
  };
  return body.items.find((i) => `${i.namespace}/${i.name}` === service)!;
}

/** A change set's overall status as the REST API answers it. */
async function changeSetStatus(request: APIRequestContext, number: number) {
  const res = await request.get(`/api/v1/change-sets/${number}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { status: string }).status;
}

test.describe.configure({ mode: "serial" });

test.describe("sharing: export → plan → apply → rollback", () => {
  test("exporting reviews from east-1 into east-2 is planned, applied by the agent, and rolled back", async ({
    page,
    capture,
  }) => {
    test.setTimeout(90_000);
    const sharing = new SharingPage(page);
    await sharing.goto();
    await expect(sharing.row(SERVICE)).toBeVisible();
    expect(await desiredFor(page.request, IMPORTER, SERVICE)).toEqual([]);
    await capture("matrix");

    // Toggle the export: the cell is pressed and marked as edited; the draft bar counts it.
    const toggle = sharing.exportToggle(SERVICE, EXPORTER);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(toggle).toHaveAttribute("data-edited", "true");
    await sharing.importToggle(SERVICE, IMPORTER).click();
    await expect(page.getByTestId("draft-bar")).toContainText("2 changes in draft");
    await expect(page.getByTestId("draft-edits")).toContainText(
      `export ${SERVICE} from ${EXPORTER}`,
    );
    await capture("draft");

    // The plan: east-2 gets the ServiceEntry and DestinationRule of the global host.
    await sharing.reviewButton.click();
    await expect(sharing.plan.root).toBeVisible();
    const section = sharing.plan.cluster(IMPORTER);
    await expect(section.getByTestId("plan-count-create")).toContainText("2");
    await expect(sharing.plan.diff(IMPORTER)).toContainText("kind: ServiceEntry");
    await expect(sharing.plan.diff(IMPORTER)).toContainText("kind: DestinationRule");
    await expect(sharing.plan.diff(IMPORTER).locator('[data-diff="add"]').first()).toBeVisible();
    await capture("plan-review");

    // Apply → the change set page, live until the simulated agent reports the generation.
    await sharing.plan.applyButton.click();
    await expect(page).toHaveURL(/\/changes\/\d+$/);
    const changeSet = new ChangeSetPage(page);
    await expect(changeSet.clusterStatus(IMPORTER)).toHaveText("Applied", { timeout: 30_000 });
    // The server's roll-up read directly, then the page: a failure tells which of them lags.
    await expect
      .poll(async () => changeSetStatus(page.request, changeSet.number()), { timeout: 10_000 })
      .toBe("applied");
    await expect(changeSet.status).toHaveText("Applied");
    await expect(
      page.getByTestId(`plan-cluster-${IMPORTER}`).getByTestId("yaml-diff"),
    ).toContainText("kind: ServiceEntry");
    const applied = await desiredFor(page.request, IMPORTER, SERVICE);
    expect(applied.map((r) => r.kind).sort()).toEqual(["DestinationRule", "ServiceEntry"]);
    await capture("change-set-applied");
    const number = changeSet.number();

    // Roll back (with a confirmation) → a new change set with the inverse intent.
    await changeSet.rollbackButton.click();
    await expect(changeSet.rollbackDialog).toBeVisible();
    await capture("rollback-confirm");
    await changeSet.rollbackDialog.getByRole("button", { name: "Roll back" }).click();
    await expect(page).not.toHaveURL(new RegExp(`/changes/${number}$`));
    await expect(page.getByTestId("change-set-status")).toContainText(`rolls back #${number}`);
    await expect(changeSet.clusterStatus(IMPORTER)).toHaveText("Applied", { timeout: 30_000 });
    expect(await desiredFor(page.request, IMPORTER, SERVICE)).toEqual([]);
    await capture("rollback-applied");

    // The history lists both, newest first; the matrix shows the export off again.
    await page.goto("/changes");
    const rows = page.getByRole("table", { name: "Change sets" }).getByRole("row");
    await expect(rows.nth(1)).toContainText(`rolls back #${number}`);
    await expect(page.getByTestId(`change-set-${number}`)).toBeVisible();
    await capture("history");
    await sharing.goto();
    await expect(sharing.exportToggle(SERVICE, EXPORTER)).toHaveAttribute("aria-pressed", "false");
    await expect(sharing.importToggle(SERVICE, IMPORTER)).toHaveAttribute("aria-pressed", "false");
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

test.describe("concurrent edits", () => {
  test("a plan made stale by someone else's change gets a clear 409, and re-plan keeps both", async ({
    page,
    capture,
  }) => {
    test.setTimeout(90_000);
    // details, not ratings: the demo shares ratings (its VM site is the last failover tier).
    const details = "bookinfo/details";
    const sharing = new SharingPage(page);
    await sharing.goto();
    await sharing.exportToggle(details, "east-2").click();
    await sharing.reviewButton.click();
    await expect(sharing.plan.root).toBeVisible();

    // Meanwhile someone else imports details into east-1 (through the API, as a script would).
    type IntentList = { items: { namespace: string; name: string; version: number }[] };
    const versionOf = async () => {
      const res = await page.request.get("/api/v1/intent");
      const body = (await res.json()) as IntentList;
      return body.items.find((i) => `${i.namespace}/${i.name}` === details)!.version;
    };
    const other = await page.request.post("/api/v1/change-sets", {
      headers: sameOrigin(),
      data: {
        changes: [
          {
            namespace: "bookinfo",
            name: "details",
            version: await versionOf(),
            imports: ["east-1"],
          },
        ],
        title: "Concurrent import of details into east-1",
      },
    });
    expect(other.status(), await other.text()).toBe(201);

    await sharing.plan.applyButton.click();
    await expect(sharing.plan.stale).toContainText("Someone changed this intent since you planned");
    // When it was changed reads in the user's locale (en-US here), never as a raw ISO time.
    await expect(sharing.plan.stale).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:/);
    await expect(sharing.plan.stale).toContainText(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await capture("plan-409");

    // Re-plan replays the export onto the newer intent; applying it keeps the other import.
    await sharing.plan.stale.getByRole("button", { name: "Re-plan" }).click();
    await expect(sharing.plan.stale).toHaveCount(0);
    await sharing.plan.applyButton.click();
    await expect(page).toHaveURL(/\/changes\/\d+$/);
    const res = await page.request.get("/api/v1/intent");
    const now = (
      (await res.json()) as {
        items: {
          namespace: string;
          name: string;
          exports: string[];
          imports: string[];
          version: number;
        }[];
      }
    ).items.find((i) => `${i.namespace}/${i.name}` === details)!;
    expect(now.exports).toEqual(["east-2"]);
    expect(now.imports).toEqual(["east-1"]);

    // Leave details unshared for the other specs.
    const reset = await page.request.post("/api/v1/change-sets", {
      headers: sameOrigin(),
      data: {
        changes: [
          {
            namespace: "bookinfo",
            name: "details",
            version: now.version,
            exports: [],
            imports: [],
          },
        ],
      },
    });
    expect(reset.status(), await reset.text()).toBe(201);
  });
});

test.describe("failover editor", () => {
  test("tiers by move buttons, weights validated to 100, plan shows the DestinationRule change", async ({
    page,
    capture,
  }) => {
    test.setTimeout(150_000);
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
    // Issue 24.6: the title names the first change "and 2 more"; the page lists every one in
    // words above the YAML.
    await expect(changeSet.heading).toHaveText(
      "Export bookinfo/reviews from east-1 and 2 more sharing changes",
    );
    const words = page.getByTestId("change-set-changes");
    await expect(words).toContainText("What changed (3)");
    await expect(words.getByRole("listitem")).toHaveText([
      "export bookinfo/reviews from east-1",
      "export bookinfo/reviews from east-2",
      "import bookinfo/reviews into east-2",
    ]);
    await capture("change-set-in-words");

    const failover = new FailoverSection(page);
    await failover.goto("bookinfo", "reviews");
    await failover.enable.check();
    // One tier per exporter, in export order. Up joins east-2 to tier 1 (keyboard path).
    await expect(failover.tier(1)).toContainText("US East 1");
    await expect(failover.tier(2)).toContainText("US East 2");
    await failover.moveUp("east-2").click();
    await expect(failover.tier(1)).toContainText("US East 2");
    await expect(failover.tier(2)).toHaveCount(0);
    // Weighted inside the tier: the sum must be 100 before a plan can be asked for.
    await failover.tier(1).getByLabel("Weighted").check();
    await failover.clusterChip("east-1").getByRole("spinbutton").fill("70");
    await expect(failover.problems).toContainText("weights add up to 120, not 100");
    await expect(failover.reviewButton).toBeDisabled();
    await failover.clusterChip("east-2").getByRole("spinbutton").fill("30");
    await expect(failover.problems).toHaveCount(0);
    await expect(failover.reviewButton).toBeEnabled();
    await page.evaluate(() => window.scrollTo(0, 0));
    await capture("failover-weights");
    // Down gives east-1 a tier of its own below: east-2 preferred, then east-1.
    await failover.moveDown("east-1").click();
    await expect(failover.tier(1)).not.toContainText("US East 1");
    await expect(failover.tier(2)).toContainText("US East 1");
    await page.evaluate(() => window.scrollTo(0, 0));
    await capture("failover-editor");

    await failover.reviewButton.click();
    await expect(failover.plan.root).toBeVisible();
    // Issue 24.6: the review restates the change in words above its plan.
    await expect(page.getByTestId("change-words")).toHaveText(
      "fail over bookinfo/reviews: east-2 → east-1",
    );
    await expect(failover.plan.diff("east-2")).toContainText("outlierDetection");
    await page.evaluate(() => window.scrollTo(0, 0));
    await capture("failover-plan");
    await failover.plan.applyButton.click();
    await expect(changeSet.status).toHaveText("Applied", { timeout: 30_000 });
    await capture("failover-applied");

    // Roll the failover change back: the intent is then exactly what the sharing change
    // produced (its version moved on twice), so the sharing change can be rolled back too.
    const failoverChange = changeSet.number();
    await changeSet.rollbackButton.click();
    await changeSet.rollbackDialog.getByRole("button", { name: "Roll back" }).click();
    await expect(page.getByTestId("change-set-status")).toContainText(
      `rolls back #${failoverChange}`,
    );
    await expect(changeSet.status).toHaveText("Applied", { timeout: 30_000 });
    await changeSet.goto(shared);
    await changeSet.rollbackButton.click();
    await changeSet.rollbackDialog.getByRole("button", { name: "Roll back" }).click();
    await expect(page.getByTestId("change-set-status")).toContainText(`rolls back #${shared}`);
    await expect(changeSet.status).toHaveText("Applied", { timeout: 30_000 });
    await capture("rollback-after-rolled-back-change");
    expect(await intentOf(page.request, SERVICE)).toMatchObject({
      exports: [],
      imports: [],
      failover: null,
    });
  });

  test("a truly stale rollback names the change sets in between and plans the state before", async ({
    page,
    capture,
  }) => {
    test.setTimeout(150_000);
    const apply = async (change: Record<string, unknown>, title: string) => {
      const { version } = await intentOf(page.request, SERVICE);
      const res = await page.request.post("/api/v1/change-sets", {
        headers: sameOrigin(),
        data: { changes: [{ namespace: "bookinfo", name: "reviews", version, ...change }], title },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { number } = (await res.json()) as { number: number };
      await expect
        .poll(() => changeSetStatus(page.request, number), { timeout: 30_000 })
        .toBe("applied");
      return number;
    };
    const shared = await apply(
      { exports: ["east-1", "east-2"], imports: ["east-2"] },
      "Share reviews from east-1 and east-2",
    );
    const failover = await apply(
      {
        failover: {
          tiers: [{ clusters: [{ name: "east-1" }] }, { clusters: [{ name: "east-2" }] }],
        },
      },
      "Fail reviews over from east-1 to east-2",
    );

    const changeSet = new ChangeSetPage(page);
    await changeSet.goto(shared);
    await changeSet.rollbackButton.click();
    await changeSet.rollbackDialog.getByRole("button", { name: "Roll back" }).click();
    const stale = changeSet.rollbackDialog.getByTestId("rollback-stale");
    await expect(stale).toContainText(`bookinfo/reviews changed since #${shared}`);
    const between = stale.getByRole("link", { name: `#${failover} Fail reviews over` });
    await expect(between).toHaveAttribute("href", `/changes/${failover}`);
    await expect(stale).not.toContainText(/\d{4}-\d\d-\d\dT/);
    await capture("rollback-stale");

    // The offered way out: a new plan that restores the state before #shared.
    await changeSet.rollbackDialog
      .getByRole("button", { name: `Plan a rollback to the state before #${shared}` })
      .click();
    const restore = page.getByTestId("restore-plan");
    await expect(restore).toContainText(`Rollback to the state before #${shared}`);
    await expect(restore.getByTestId("plan-review")).toBeVisible();
    await capture("restore-plan");
    await restore.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/changes\/\d+$/);
    await expect(changeSet.heading).toHaveText(`Rollback to the state before #${shared}`);
    await expect(changeSet.status).toHaveText("Applied", { timeout: 30_000 });
    expect(await intentOf(page.request, SERVICE)).toMatchObject({
      exports: [],
      imports: [],
      failover: null,
    });
  });
});

test("change-set times read in the user's locale and time zone", async ({
  browser,
  baseURL,
  adminState,
}) => {
  const context = await browser.newContext({
    baseURL,
    storageState: adminState,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
  });
  try {
    const page = await context.newPage();
    await page.goto("/changes");
    const time = page.getByRole("table", { name: "Change sets" }).locator("time").first();
    await expect(time).toBeVisible();
    // de-DE medium style: "04.12.2026, 22:10:00"; never the UTC ISO form.
    await expect(time).toHaveAttribute("title", /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
  } finally {
    await context.close();
  }
});

test("a viewer sees the matrix and plans read-only, in the dark theme", async ({
  page,
  browser,
  baseURL,
  capture,
}) => {
  const { context, viewer } = await signInNewViewer(page, browser, {
    baseURL,
    path: "/sharing",
    prefix: "viewer-sharing",
    colorScheme: "dark",
  });
  try {
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

test("an unknown change set shows a not-found state", async ({ page, capture }) => {
  await page.goto("/changes/999999");
  await expect(page.getByRole("heading", { level: 1, name: "Change set not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All changes" })).toBeVisible();
  await capture("change-set-not-found");
});
