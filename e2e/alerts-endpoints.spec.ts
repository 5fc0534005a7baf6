// Degraded endpoints are fleet alerts (issue 24.7): the demo's west-1 runs ratings with 1 of 2
// and reviews with 3 of 4 endpoints ready, which Services shows as Degraded; Alerts must too,
// rolled up per global service like the Prometheus alerts.
import { adminTest as test, expect } from "./helpers/fixtures";
import { AlertsPage } from "./pages/alerts-page";

test("Services' degraded endpoints are Meridian fleet alerts, rolled up per global service", async ({
  page,
  capture,
}) => {
  const alerts = new AlertsPage(page);
  await alerts.goto("kind=fleet");
  const ratings = alerts.serviceGroup("bookinfo", "ratings");
  await expect(ratings.getByTestId("rollup-badge")).toHaveText(/^degraded · 1 of \d clusters$/);
  await expect(ratings.getByTestId("instance-west-1")).toHaveAttribute("data-affected", "true");
  const alert = ratings.getByTestId("alert-EndpointsDegraded");
  await expect(alert).toContainText("west-1");
  await expect(alert).toContainText("1 of 2 endpoints ready");
  await expect(
    alerts.serviceGroup("bookinfo", "reviews").getByTestId("alert-EndpointsDegraded"),
  ).toContainText("3 of 4 endpoints ready");
  await expect(page.getByText("All quiet")).toHaveCount(0);
  await capture("alerts-endpoints-degraded");
  await page.emulateMedia({ colorScheme: "dark" });
  await alerts.goto("kind=fleet");
  await expect(ratings.getByTestId("rollup-badge")).toBeVisible();
  await capture("alerts-endpoints-degraded-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await alerts.goto("kind=fleet");
  await expect(ratings.getByTestId("rollup-badge")).toBeVisible();
  await capture("alerts-endpoints-degraded-390");
});
