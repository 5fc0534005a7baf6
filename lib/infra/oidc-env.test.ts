import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/infra/env";
import { roleMappingSchema } from "@/lib/infra/oidc-env";

const SSO = {
  MERIDIAN_OIDC_ISSUER: "https://idp.example.com/realms/ops/",
  MERIDIAN_OIDC_CLIENT_ID: "meridian",
  MERIDIAN_OIDC_CLIENT_SECRET: "very-secret-client-secret-value",
};

describe("MERIDIAN_OIDC_ROLES", () => {
  it("reads group=role pairs, splitting each at its last =", () => {
    expect(
      roleMappingSchema.parse(" meridian-admins=admin, meridian-operators = operator ,x=y=viewer"),
    ).toEqual([
      { group: "meridian-admins", role: "admin" },
      { group: "meridian-operators", role: "operator" },
      { group: "x=y", role: "viewer" },
    ]);
    expect(roleMappingSchema.parse("")).toEqual([]);
  });

  it("reads a JSON object for group names with commas (LDAP DNs)", () => {
    expect(roleMappingSchema.parse('{"cn=admins,ou=groups,dc=example": "admin"}')).toEqual([
      { group: "cn=admins,ou=groups,dc=example", role: "admin" },
    ]);
  });

  it.each([
    "meridian-admins=root",
    "meridian-admins",
    "=admin",
    "a=admin,,b=viewer",
    "{not json",
    '["a","admin"]',
    '{"a": 1}',
  ])("refuses %j", (text) => {
    expect(roleMappingSchema.safeParse(text).success).toBe(false);
  });
});

describe("the single sign-on environment", () => {
  it("is off by default, with password sign-in on", () => {
    const env = parseEnv({});
    expect(env.MERIDIAN_OIDC_ISSUER).toBeUndefined();
    expect(env.MERIDIAN_PASSWORD_LOGIN).toBe(true);
    expect(env.MERIDIAN_OIDC_DEFAULT_ROLE).toBe("none");
    expect(env.MERIDIAN_OIDC_SCOPES).toBe("openid email profile");
    expect(env.MERIDIAN_OIDC_ROLE_CLAIM).toBe("groups");
  });

  it("takes the three variables together and drops the issuer's trailing slash", () => {
    const env = parseEnv({ ...SSO, MERIDIAN_PASSWORD_LOGIN: "false", MERIDIAN_OIDC_NAME: "Okta" });
    expect(env.MERIDIAN_OIDC_ISSUER).toBe("https://idp.example.com/realms/ops");
    expect(env.MERIDIAN_PASSWORD_LOGIN).toBe(false);
    expect(env.MERIDIAN_OIDC_NAME).toBe("Okta");
  });

  it("names the missing variable when only some are set, never the secret's value", () => {
    const { MERIDIAN_OIDC_CLIENT_ID: _id, ...partial } = SSO;
    expect(() => parseEnv(partial)).toThrow(/MERIDIAN_OIDC_CLIENT_ID/);
    try {
      parseEnv({ ...partial, MERIDIAN_OIDC_ISSUER: "ftp://nope" });
    } catch (error) {
      expect(String(error)).toMatch(/MERIDIAN_OIDC_ISSUER/);
      expect(String(error)).not.toContain(SSO.MERIDIAN_OIDC_CLIENT_SECRET);
    }
    expect.assertions(3);
  });

  it("refuses a plain-http issuer unless it is on loopback", () => {
    expect(() => parseEnv({ ...SSO, MERIDIAN_OIDC_ISSUER: "http://idp.example.com" })).toThrow(
      /MERIDIAN_OIDC_ISSUER/,
    );
    expect(
      parseEnv({ ...SSO, MERIDIAN_OIDC_ISSUER: "http://127.0.0.1:4810" }).MERIDIAN_OIDC_ISSUER,
    ).toBe("http://127.0.0.1:4810");
  });

  it("refuses turning passwords off without single sign-on, and scopes without openid", () => {
    expect(() => parseEnv({ MERIDIAN_PASSWORD_LOGIN: "false" })).toThrow(/MERIDIAN_PASSWORD_LOGIN/);
    expect(() => parseEnv({ MERIDIAN_PASSWORD_LOGIN: "no" })).toThrow(/MERIDIAN_PASSWORD_LOGIN/);
    expect(() => parseEnv({ ...SSO, MERIDIAN_OIDC_SCOPES: "email profile" })).toThrow(
      /MERIDIAN_OIDC_SCOPES/,
    );
  });

  it("names a bad role mapping", () => {
    expect(() => parseEnv({ ...SSO, MERIDIAN_OIDC_ROLES: "admins=superuser" })).toThrow(
      /MERIDIAN_OIDC_ROLES/,
    );
  });
});
