// Playwright: the e2e suite in e2e/, in Debian's Chromium, against `npm run demo` started on its
// own port and its own state directory. Without DATABASE_URL the demo runs on a fresh embedded
// database (wiped by --reset); with DATABASE_URL (CI) it runs on that real Postgres.
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./e2e/helpers/credentials";
import { hamletDir, hamletEnv } from "./e2e/helpers/hamlet";
import { SSO_CLIENT, SSO_ROLES, ssoPorts } from "./e2e/helpers/sso";
import { serverLogFile, teeTo } from "./e2e/helpers/server-log";

const CHROMIUM = process.env.MERIDIAN_E2E_CHROMIUM ?? "/usr/bin/chromium";
const PORT = Number(process.env.MERIDIAN_E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;
const CI = Boolean(process.env.CI);
// The SSO spec's own Meridian (password sign-in off) and the OpenID provider it trusts.
const SSO = ssoPorts(PORT);
const SSO_URL = `http://localhost:${SSO.app}`;
const ISSUER = `http://127.0.0.1:${SSO.provider}`;
const OIDC_ENV = {
  MERIDIAN_OIDC_ISSUER: ISSUER,
  MERIDIAN_OIDC_CLIENT_ID: SSO_CLIENT.id,
  MERIDIAN_OIDC_CLIENT_SECRET: SSO_CLIENT.secret,
  MERIDIAN_OIDC_NAME: "Example SSO",
  MERIDIAN_OIDC_SCOPES: "openid email profile groups",
  MERIDIAN_OIDC_ROLES: SSO_ROLES,
};
const START = "node --conditions=react-server --import tsx scripts/start.ts";
const LAUNCH = {
  executablePath: CHROMIUM,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

if (!existsSync(CHROMIUM)) {
  throw new Error(
    `The e2e tests need Debian's Chromium at ${CHROMIUM}, which is missing. ` +
      "Install it with `apt-get install -y chromium` (npx playwright install cannot download browsers here), " +
      "or point MERIDIAN_E2E_CHROMIUM at another Chromium binary.",
  );
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: CI ? 2 : undefined,
  // Every capture also runs axe (e2e/helpers/fixtures.ts), which takes seconds on a loaded machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  // The servers' captured output must hold no secret (e2e/helpers/server-log.ts).
  globalTeardown: "./e2e/server-log-teardown.ts",
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    colorScheme: "light",
    locale: "en-US",
    timezoneId: "UTC",
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      // The kube spec adds clusters and a global service to the shared demo server, so it runs
      // after every other spec (project "kube" below).
      testIgnore: /(sharing-kube|sso)\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: LAUNCH,
      },
    },
    {
      name: "kube",
      testMatch: /sharing-kube\.spec\.ts$/,
      dependencies: ["chromium"],
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: LAUNCH,
      },
    },
    {
      // Single sign-on through a real OpenID provider, against the SSO-only server below. One
      // spec file, in order: one test skews the provider's clock.
      name: "sso",
      testMatch: /sso\.spec\.ts$/,
      fullyParallel: false,
      // Each test goes through the provider's login and consent pages (two sign-ins in one).
      timeout: 90_000,
      use: {
        ...devices["Desktop Chrome"],
        baseURL: SSO_URL,
        viewport: { width: 1280, height: 800 },
        launchOptions: LAUNCH,
      },
    },
  ],
  webServer: [
    {
      command: teeTo(`${START} --demo --reset --port ${PORT}`, serverLogFile(PORT)),
      url: `${BASE_URL}/api/healthz`,
      // The first run builds the app (one to two minutes) before it starts.
      timeout: 300_000,
      reuseExistingServer: !CI,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        MERIDIAN_DATA_DIR: path.resolve(".meridian", `e2e-${PORT}`),
        // Federation over Hamlet on its own TLS port (e2e/peers.spec.ts).
        // Beside the state directory, which --reset wipes after this config made the files.
        ...hamletEnv(PORT, hamletDir(PORT)),
        MERIDIAN_ADMIN_EMAIL: E2E_ADMIN.email,
        MERIDIAN_ADMIN_PASSWORD: E2E_ADMIN.password,
        NEXTAUTH_URL: BASE_URL,
        NEXT_TELEMETRY_DISABLED: "1",
        // Both ways to sign in on the demo: its login page offers SSO beside the password.
        ...OIDC_ENV,
      },
    },
    {
      command: [
        "node --import tsx test/oidc/provider.ts",
        `--port ${SSO.provider}`,
        `--redirect ${SSO_URL}/api/auth/callback/oidc`,
        `--redirect ${BASE_URL}/api/auth/callback/oidc`,
      ].join(" "),
      url: `${ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: !CI,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // Built by the demo server above; its own embedded database unless CI hands it one.
      command: teeTo(`${START} --no-build --reset --port ${SSO.app}`, serverLogFile(SSO.app)),
      url: `${SSO_URL}/api/healthz`,
      timeout: 120_000,
      reuseExistingServer: !CI,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        DATABASE_URL: process.env.MERIDIAN_E2E_SSO_DATABASE_URL ?? "",
        MERIDIAN_DATA_DIR: path.resolve(".meridian", `e2e-sso-${SSO.app}`),
        // A password admin exists, but password sign-in is off: the spec checks it is refused.
        MERIDIAN_ADMIN_EMAIL: E2E_ADMIN.email,
        MERIDIAN_ADMIN_PASSWORD: E2E_ADMIN.password,
        MERIDIAN_PASSWORD_LOGIN: "false",
        NEXTAUTH_URL: SSO_URL,
        NEXT_TELEMETRY_DISABLED: "1",
        ...OIDC_ENV,
      },
    },
  ],
});
