// The OpenID provider the SSO spec signs in through (test/oidc/provider.ts, the certified
// `oidc-provider` package on loopback) and its test accounts. Its login page accepts any
// password (oidc-provider's development interactions); the account is the login name.

/** Ports: the SSO-only Meridian, its agent API, and the provider, from MERIDIAN_E2E_PORT. */
export function ssoPorts(basePort: number) {
  return { app: basePort + 10, agent: basePort + 11, provider: basePort + 12 };
}

export const SSO_CLIENT = {
  id: "meridian-e2e",
  // A test-only client secret for a provider that lives for one test run on loopback.
  secret: "e2e-client-secret-for-the-loopback-provider",
};

export const SSO_ROLES = "meridian-admins=admin,meridian-operators=operator";

/** Test accounts: the login name is the subject; groups decide the Meridian role. */
export const SSO_ACCOUNTS = {
  ada: { email: "ada@sso.example", name: "Ada Admin", groups: ["staff", "meridian-admins"] },
  olu: { email: "olu@sso.example", name: "Olu Operator", groups: ["meridian-operators"] },
  nia: { email: "nia@sso.example", name: "Nia Nogroup", groups: ["staff"] },
  eve: { email: "eve@sso.example", name: "Eve Expired", groups: ["meridian-operators"] },
} as const;

export type SsoLogin = keyof typeof SSO_ACCOUNTS;

const E2E_PORT = Number(process.env.MERIDIAN_E2E_PORT ?? 3210);

/** The demo server (both sign-in methods) and the provider, as the spec reaches them. */
export const SSO_URLS = {
  demo: `http://localhost:${E2E_PORT}`,
  app: `http://localhost:${ssoPorts(E2E_PORT).app}`,
  issuer: `http://127.0.0.1:${ssoPorts(E2E_PORT).provider}`,
};
