import { beforeEach, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/domain/errors";
import type { RolePolicy } from "@/lib/domain/oidc-role";
import { signInWithOidc, type OidcIdentity } from "@/lib/services/access/oidc-sign-in";
import { authenticateUser, createUser } from "@/lib/services/access/users";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";

// The first-sign-in use case on the real test database (embedded Postgres or TEST_DATABASE_URL).

const ISSUER = "https://idp.example.com/realms/ops";
const POLICY: RolePolicy = {
  claim: "groups",
  rules: [
    { group: "meridian-admins", role: "admin" },
    { group: "meridian-operators", role: "operator" },
  ],
  defaultRole: "none",
};

function identity(over: Partial<OidcIdentity> & { groups?: string[] } = {}): OidcIdentity {
  const { groups = ["meridian-operators"], ...rest } = over;
  return {
    issuer: ISSUER,
    subject: "sub-ada",
    email: "Ada@Example.com",
    emailVerified: true,
    name: "Ada Lovelace",
    claims: { groups },
    ...rest,
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe("forbidden");
  return (error as DomainError).code;
}

const audits = (action: string) =>
  db().auditEvent.findMany({ where: { action }, orderBy: { id: "asc" } });

describe("signing in with OpenID Connect", () => {
  beforeEach(resetDatabase);

  it("creates the user on first sign-in, with no password, and audits it", async () => {
    const user = await signInWithOidc(identity(), POLICY);
    expect(user).toMatchObject({
      email: "ada@example.com",
      name: "Ada Lovelace",
      role: "operator",
      passwordHash: null,
      oidcIssuer: ISSUER,
      oidcSubject: "sub-ada",
    });
    expect(user.lastLoginAt).toBeInstanceOf(Date);
    const [created] = await audits("user.create");
    expect(created).toMatchObject({
      actorType: "system",
      actorLabel: "single sign-on",
      targetId: user.id,
      data: { email: "ada@example.com", role: "operator", source: "oidc", issuer: ISSUER },
    });
    // No password means no password sign-in, whatever is typed.
    expect(await authenticateUser("ada@example.com", "")).toBeNull();
    expect(await authenticateUser("ada@example.com", "anything")).toBeNull();
  });

  it("finds the same user again by subject and refreshes the role from the groups", async () => {
    const first = await signInWithOidc(identity(), POLICY);
    // The email changed at the provider: the subject still names the same person.
    const again = await signInWithOidc(
      identity({ groups: ["meridian-admins"], email: "ada.l@example.com" }),
      POLICY,
    );
    expect(again.id).toBe(first.id);
    expect(again.role).toBe("admin");
    expect(await db().user.count()).toBe(1);
    const [change] = await audits("user.role_change");
    expect(change).toMatchObject({ targetId: first.id, data: { from: "operator", to: "admin" } });

    // The same groups again: no new role-change event.
    await signInWithOidc(identity({ groups: ["meridian-admins"] }), POLICY);
    expect(await audits("user.role_change")).toHaveLength(1);
  });

  it("refuses a user in no mapped group and writes nothing", async () => {
    expect(await refusal(signInWithOidc(identity({ groups: ["staff"] }), POLICY))).toBe(
      "oidc_no_role",
    );
    expect(await db().user.count()).toBe(0);
    expect(await db().auditEvent.count()).toBe(0);
  });

  it("with a default role, lets a user in no mapped group in as that role", async () => {
    const user = await signInWithOidc(identity({ groups: [] }), {
      ...POLICY,
      defaultRole: "viewer",
    });
    expect(user.role).toBe("viewer");
  });

  it("refuses an existing user whose groups no longer map, leaving the row as it was", async () => {
    const user = await signInWithOidc(identity(), POLICY);
    expect(await refusal(signInWithOidc(identity({ groups: [] }), POLICY))).toBe("oidc_no_role");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("operator");
  });

  it("links an existing password account by a verified email, keeping its password", async () => {
    const admin = await createUser(
      { email: "ada@example.com", password: "correct horse battery", role: "admin" },
      { type: "system", label: "test" },
    );
    const linked = await signInWithOidc(identity(), POLICY);
    expect(linked.id).toBe(admin.id);
    expect(linked).toMatchObject({ oidcSubject: "sub-ada", role: "operator" });
    expect(await audits("user.link_oidc")).toHaveLength(1);
    expect((await authenticateUser("ada@example.com", "correct horse battery"))?.id).toBe(admin.id);
  });

  it("never links by an unverified email, nor onto an account another subject owns", async () => {
    await createUser(
      { email: "ada@example.com", password: "correct horse battery", role: "admin" },
      { type: "system", label: "test" },
    );
    expect(await refusal(signInWithOidc(identity({ emailVerified: false }), POLICY))).toBe(
      "oidc_email_taken",
    );
    await db().user.update({
      where: { email: "ada@example.com" },
      data: { oidcIssuer: ISSUER, oidcSubject: "sub-someone-else" },
    });
    expect(await refusal(signInWithOidc(identity(), POLICY))).toBe("oidc_email_taken");
    const row = await db().user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(row).toMatchObject({ role: "admin", oidcSubject: "sub-someone-else" });
  });

  it("keeps subjects of two issuers apart", async () => {
    const a = await signInWithOidc(identity(), POLICY);
    const b = await signInWithOidc(
      identity({ issuer: "https://other.example.com", email: "ada@other.example.com" }),
      POLICY,
    );
    expect(b.id).not.toBe(a.id);
  });

  it("refuses a disabled user and a sign-in without an email", async () => {
    const user = await signInWithOidc(identity(), POLICY);
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await refusal(signInWithOidc(identity(), POLICY))).toBe("oidc_disabled");
    expect(
      await refusal(signInWithOidc(identity({ subject: "sub-new", email: null }), POLICY)),
    ).toBe("oidc_no_email");
  });
});
