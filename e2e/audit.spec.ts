// The audit log (issue 24.5): who did what, when, from where (session or API token), with
// filters, paging and CSV/JSON export; and the change-set history pages past its first page.
import { adminTest as test, expect, sameOrigin } from "./helpers/fixtures";

test("the audit log filters by origin and action, pages, and exports CSV and JSON", async ({
  page,
  capture,
}) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  // An API token of the admin's, and 52 users created with it: 52 events "from an API token".
  const created = await page.request.post("/api/v1/tokens", {
    headers: sameOrigin(),
    data: { name: `audit-${run}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const emails = Array.from({ length: 52 }, (_, i) => `audit-${run}-${i}@meridian.test`);
  for (let i = 0; i < emails.length; i += 4)
    await Promise.all(
      emails.slice(i, i + 4).map(async (email) => {
        const res = await page.request.post("/api/v1/users", {
          headers: { Authorization: `Bearer ${token}` },
          data: { email, password: "audit-Passw0rd-e2e", role: "viewer" },
        });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );

  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit events" });
  await expect(table).toBeVisible();
  await capture("audit");

  // From an API token, user actions only: the 52 creations, newest first, 50 a page.
  await page.getByLabel("From where").selectOption("token");
  await page.getByLabel("Action").selectOption("user");
  await page.getByLabel("Who").fill("e2e-admin");
  const rows = table.locator("tbody tr");
  // Users are created four at a time, so within a batch of four the order is the server's.
  const batch = (from: number) =>
    new RegExp(`audit-${run}-(${[0, 1, 2, 3].map((i) => from + i).join("|")})@`);
  const newest = batch(48);
  const oldest = batch(0);
  await expect(rows.first()).toContainText(newest);
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("API token");
  await expect(rows.first()).toContainText("user.create");
  await capture("audit-filtered");
  const pager = page.getByRole("navigation", { name: "Pages of audit events" });
  await pager.getByRole("button", { name: "Older" }).click();
  await expect(pager).toContainText("Page 2");
  await expect(rows.last()).toContainText(oldest);
  await pager.getByRole("button", { name: "Newer" }).click();
  await expect(rows.first()).toContainText(newest);

  // A session's own actions are marked as such.
  await page.getByLabel("From where").selectOption("session");
  await page.getByLabel("Action").selectOption("");
  await expect(rows.first()).toContainText("Session");

  // Exports carry the filters: every token-made user creation, as CSV and as JSON.
  await page.getByLabel("From where").selectOption("token");
  await page.getByLabel("Action").selectOption("user");
  const csvHref = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="meridian-audit-/);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("id,at,via,actor,action,targetType,targetId,data");
  const ours = lines.filter((l) => l.includes(`audit-${run}-`));
  expect(ours).toHaveLength(52);
  expect(ours.every((l) => l.includes(",token,") && l.includes(",user.create,user,"))).toBe(true);
  const jsonHref = await page.getByRole("link", { name: "Export JSON" }).getAttribute("href");
  const json = (await (await page.request.get(jsonHref!)).json()) as {
    items: { via: string; data: { email?: string } }[];
  };
  expect(json.items.filter((e) => e.data.email?.startsWith(`audit-${run}-`))).toHaveLength(52);

  // Leave no extra users behind for the other specs' lists.
  const list = (await (await page.request.get("/api/v1/users")).json()) as {
    items: { id: string; email: string }[];
  };
  for (const u of list.items.filter((u) => u.email.startsWith(`audit-${run}-`)))
    expect(
      (await page.request.delete(`/api/v1/users/${u.id}`, { headers: sameOrigin() })).status(),
    ).toBe(204);
});

test("the audit log in dark mode and 390 px wide", async ({ page, capture }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/audit");
  await expect(page.getByRole("table", { name: "Audit events" })).toBeVisible();
  await capture("audit-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("table", { name: "Audit events" })).toBeVisible();
  await capture("audit-390");
});
