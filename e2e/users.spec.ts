// Settings → Users (issue 24.4): an admin adds a user with a generated first password, changes
// the role, disables (the user can no longer sign in), enables, deletes; the signed-in admin's
// own row cannot be disabled or deleted; every action is in the audit log.
import type { Browser } from "@playwright/test";
import { E2E_ADMIN } from "./helpers/credentials";
import { adminTest as test, expect } from "./helpers/fixtures";
import { LoginPage } from "./pages/login-page";

/** Try to sign in as `email` in a fresh context; answers whether it got past the login page. */
async function canSignIn(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(email, password);
    await expect(
      page.getByRole("heading", { level: 1, name: "Overview" }).or(login.error),
    ).toBeVisible();
    return !(await login.error.isVisible());
  } finally {
    await context.close();
  }
}

test("an admin adds, re-roles, disables, enables and deletes a user, all audited", async ({
  page,
  browser,
  baseURL,
  capture,
}) => {
  test.setTimeout(90_000);
  const email = `new-operator-${Date.now().toString(36)}@meridian.test`;
  await page.goto("/settings/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const table = page.getByRole("table", { name: "Users" });
  // The signed-in admin's own row: no disabling or deleting oneself.
  const self = table.getByTestId(`user-row-${E2E_ADMIN.email}`);
  await expect(self).toContainText("(you)");
  await expect(self.getByRole("button", { name: "Delete" })).toBeDisabled();
  await expect(self.getByRole("button", { name: "Disable" })).toBeDisabled();

  // Add a user with a generated first password.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name (optional)").fill("New Operator");
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Generate" }).click();
  const password = await page.getByLabel("First password").inputValue();
  expect(password).toHaveLength(20);
  await capture("users-add");
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status")).toContainText(`Added ${email}`);
  const row = table.getByTestId(`user-row-${email}`);
  await expect(row).toContainText("New Operator");
  await expect(row).toContainText("Active");
  expect(await canSignIn(browser, baseURL!, email, password)).toBe(true);

  // Role: viewer → operator.
  await row.getByLabel(`Role of ${email}`).selectOption("operator");
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue("operator");
  await expect(page.getByTestId("user-change-error")).toHaveCount(0);

  // Disable: refused at sign-in. Enable: signs in again.
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");
  await capture("users-disabled");
  expect(await canSignIn(browser, baseURL!, email, password)).toBe(false);
  await row.getByRole("button", { name: "Enable" }).click();
  await expect(row).toContainText("Active");

  // Delete, typing the email to confirm.
  await row.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByTestId("delete-user-dialog");
  await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
  await capture("users-delete-confirm");
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(row).toHaveCount(0);

  // Each action is in the audit trail, by the admin.
  const res = await page.request.get(`/api/v1/audit?targetType=user&limit=50`);
  expect(res.status(), await res.text()).toBe(200);
  const events = ((await res.json()) as { items: { action: string; actor: { label: string } }[] })
    .items;
  const actions = events.filter((e) => e.actor.label === E2E_ADMIN.email).map((e) => e.action);
  for (const a of ["user.create", "user.role", "user.disable", "user.enable", "user.delete"])
    expect(actions).toContain(a);
});

test("the users page in dark mode and 390 px wide", async ({ page, capture }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/settings/users");
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  await capture("users-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  await capture("users-390");
});
