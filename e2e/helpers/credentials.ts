/**
 * The admin the e2e web server is started with (MERIDIAN_ADMIN_EMAIL / MERIDIAN_ADMIN_PASSWORD).
 * Test-only values: the demo it signs in to runs on a throwaway database.
 */
export const E2E_ADMIN = {
  email: process.env.MERIDIAN_E2E_ADMIN_EMAIL ?? "e2e-admin@meridian.test",
  password: process.env.MERIDIAN_E2E_ADMIN_PASSWORD ?? "e2e-admin-Passw0rd!",
} as const;
