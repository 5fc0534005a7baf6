// The trust page on the demo fleet (east-1 and east-2 on one Istio root, east-2 in a rotation
// window with the next root; west-1 on Linkerd's own root), and the trust-root mismatch as an
// error in a plan that shares a service across the two roots.
import { adminTest as test, expect } from "./helpers/fixtures";
import { SharingPage } from "./pages/sharing-page";
import { TopologyPage } from "./pages/topology-page";
import { TrustPage } from "./pages/trust-page";

test("the trust page shows the groups, the matrix, the rotation window and every root", async ({
  page,
  capture,
}) => {
  const trust = new TrustPage(page);
  await trust.goto();
  await expect(page.getByRole("link", { name: "Trust" }).first()).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(trust.groups).toHaveCount(2);
  await expect(trust.groups.first()).toContainText("east-1");
  await expect(trust.groups.first()).toContainText("east-2");
  await expect(trust.groups.nth(1)).toContainText("west-1");
  await expect(trust.cell("east-1", "east-2")).toContainText("east-1 trusts east-2");
  await expect(trust.cell("east-2", "east-1")).toContainText("during a rotation window");
  await expect(trust.cell("east-1", "west-1")).toContainText("east-1 does not trust west-1");
  // Four roots of three clusters, and the demo's VM site, whose static agent reads no CA.
  const rows = trust.certs.getByTestId("trust-cert-row");
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: "ratings-legacy" })).toContainText(
    "Not reported by this cluster's agent",
  );
  await expect(trust.certs).toContainText("rotation window");
  await expect(trust.certs).toContainText("Bookinfo mesh root 2026");
  await expect(page.getByTestId("stat-rotation-windows")).toContainText("1");
  await capture("trust");

  await page.emulateMedia({ colorScheme: "dark" });
  await capture("trust-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await capture("trust-390");
});

test("a plan sharing a service across two roots shows the mismatch as an error naming both roots", async ({
  page,
  capture,
}) => {
  const sharing = new SharingPage(page);
  await sharing.goto();
  // reviews, not ratings: the demo already imports ratings into east-1 (its VM site's failover).
  await sharing.exportToggle("bookinfo/reviews", "west-1").click();
  await sharing.importToggle("bookinfo/reviews", "east-1").click();
  await sharing.reviewButton.click();
  await expect(sharing.plan.root).toBeVisible();
  const errors = page.getByTestId("plan-warnings-error");
  await expect(errors).toContainText(
    /trust roots of east-1 \(root C7:5F:E0:10…\) and exporter west-1 \(root D4:90:1D:D3…\) differ/,
  );
  await errors.scrollIntoViewIfNeeded();
  await capture("plan-trust-mismatch");
  await page.emulateMedia({ colorScheme: "dark" });
  await capture("plan-trust-mismatch-dark");
});

test("the topology map's trust overlay draws who verifies whom between clusters", async ({
  page,
  capture,
}) => {
  const topology = new TopologyPage(page);
  await topology.goto();
  expect((await topology.edges()).filter((e) => e.classes.includes("trust"))).toEqual([]);
  await page.getByRole("checkbox", { name: "Trust overlay" }).check();
  await expect
    .poll(async () =>
      (await topology.edges())
        .filter((e) => e.classes.includes("trust"))
        .map((e) => `${e.source} ${e.target} ${e.classes.join(" ")}`),
    )
    .toEqual(["cluster:east-1 cluster:east-2 trust mutual rotation"]);
  await capture("topology-trust-overlay");
});
