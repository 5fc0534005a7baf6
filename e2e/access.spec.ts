import { adminTest, expect, test } from "./helpers/fixtures";
import { LoginPage } from "./pages/login-page";

test.describe("anonymous visitors", () => {
  test("are sent from the overview to the login page", async ({ page, capture }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(new LoginPage(page).heading).toBeVisible();
    await capture("anonymous-redirect");
  });

  test("get 401 JSON from the REST API", async ({ request }) => {
    for (const path of ["/api/v1/clusters", "/api/v1/me", "/api/v1/global-services"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(401);
      expect(res.headers()["content-type"], path).toContain("application/json");
      const body = await res.json();
      expect(body, path).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
  });

  test("can reach the public health check", async ({ request }) => {
    const res = await request.get("/api/healthz");
    expect(res.ok()).toBe(true);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  test("see a 404 page for an unknown address", async ({ page, capture }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await capture("not-found");
  });
});

adminTest("an unknown cluster answers 404 with a not-found page", async ({ page, capture }) => {
  const res = await page.goto("/clusters/no-such-cluster");
  // A real 404, not a streamed "soft 404": the cluster page has no loading boundary above it.
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Cluster not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All clusters" })).toBeVisible();
  await capture("unknown-cluster");
});

adminTest(
  "an unknown global service or change set answers 404, not a 200 page that says so",
  async ({ page, capture }) => {
    const service = await page.goto("/services/bookinfo/no-such-service");
    expect(service?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: /not found/i })).toBeVisible();
    const changeSet = await page.goto("/changes/999999");
    expect(changeSet?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Change set not found" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "All changes" })).toBeVisible();
    await capture("unknown-change-set");
    // The lists keep their loading skeletons (they sit in their own route groups).
    expect((await page.goto("/services"))?.status()).toBe(200);
    expect((await page.goto("/changes"))?.status()).toBe(200);
  },
);
