import { E2E_ADMIN } from "./helpers/credentials";
import { adminTest as test, expect } from "./helpers/fixtures";
import { TokensPage } from "./pages/tokens-page";

test("an API token is shown once, works as a Bearer token and stops working when revoked", async ({
  page,
  playwright,
  baseURL,
  capture,
}) => {
  // Unique per run: on a reused Postgres earlier runs' tokens are still listed.
  const name = `e2e-${Date.now().toString(36)}`;
  const tokens = new TokensPage(page);
  await tokens.goto();
  await capture("tokens");

  const token = await tokens.create(name);
  expect(token).toMatch(/^mrd_pat_\S+$/);
  await expect(tokens.createdDialog).toContainText("won't be shown again");
  // The whole token is visible: the field grows to fit it instead of cutting it off.
  const field = await tokens.newTokenValue.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    scrollH: el.scrollHeight,
    clientH: el.clientHeight,
  }));
  expect(field.scroll).toBeLessThanOrEqual(field.client);
  expect(field.scrollH).toBeLessThanOrEqual(field.clientH + 1);
  await capture("token-created");
  await tokens.dismissCreated();

  // Shown once: the list shows only the prefix, never the secret.
  await expect(tokens.row(name)).toBeVisible();
  await expect(tokens.row(name)).toContainText("Active");
  await expect(page.getByText(token)).toHaveCount(0);
  await page.reload();
  await expect(tokens.row(name)).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  // A cookie-less client: only the token authenticates it.
  const api = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const auth = { Authorization: `Bearer ${token}` };
    const anonymous = await api.get("/api/v1/me");
    expect(anonymous.status()).toBe(401);

    const me = await api.get("/api/v1/me", { headers: auth });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: E2E_ADMIN.email, role: "admin", via: "token" });

    const clusters = await api.get("/api/v1/clusters", { headers: auth });
    expect(clusters.status()).toBe(200);

    await tokens.revoke(name);
    // Revoked tokens are hidden until asked for.
    await expect(tokens.row(name)).toHaveCount(0);
    await tokens.showRevoked();
    await expect(tokens.row(name)).toContainText("Revoked");
    await capture("token-revoked");

    const revoked = await api.get("/api/v1/me", { headers: auth });
    expect(revoked.status()).toBe(401);
    expect(await revoked.json()).toMatchObject({ error: { code: expect.any(String) } });
  } finally {
    await api.dispose();
  }
});
