// Issue 17.5 in the browser: the built app serves each page with a strict, nonced
// Content-Security-Policy that every script it writes carries, the APIs with a policy that
// allows nothing, and the other security headers on both; no page logs a violation (every
// capture() checks the console as well).
import { adminTest as test, expect } from "./helpers/fixtures";
import { TopologyPage } from "./pages/topology-page";

const HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

test("a page's scripts all carry the nonce its policy allows, and nothing is refused", async ({
  page,
  capture,
}) => {
  const response = await page.goto("/topology");
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  const policy = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, policy).toBeTruthy();
  expect(policy).toContain("'strict-dynamic'");
  expect(policy).toContain("frame-ancestors 'none'");
  for (const [name, value] of Object.entries(HEADERS)) expect(headers[name], name).toBe(value);
  // Every script the server wrote carries the nonce (chunks those scripts load later need none:
  // 'strict-dynamic' trusts what a nonced script adds).
  const html = await response!.text();
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  // The map is drawn by client code: hydration and cytoscape ran under the policy.
  await new TopologyPage(page).goto();
  await capture("topology-under-csp");
});

test("each page request gets a new nonce; the API gets a policy that allows nothing", async ({
  page,
}) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const res = await page.request.get("/services");
    nonces.add(/'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1] ?? "");
  }
  expect(nonces.size).toBe(3);
  const api = await page.request.get("/api/v1/me");
  expect(api.status()).toBe(200);
  expect(api.headers()["content-security-policy"]).toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  );
  for (const [name, value] of Object.entries(HEADERS))
    expect(api.headers()[name], name).toBe(value);
});
