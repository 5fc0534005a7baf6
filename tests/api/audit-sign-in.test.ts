// Issue 36 defect 13: the audit log records sign-in events (password and single sign-on).
import { beforeAll, describe, expect, it } from "vitest";
import { auditQuerySchema } from "@/lib/model/audit";
import { listAudit } from "@/lib/services/access/audit-log";
import { signInWithOidc } from "@/lib/services/access/oidc-sign-in";
import { authenticateUser, createUser } from "@/lib/services/access/users";
import { resetDatabase } from "../helpers/db";

const SYSTEM = { type: "system", label: "test" } as const;

describe("sign-in events in the audit log", () => {
  beforeAll(async () => {
    await resetDatabase();
    await createUser(
      { email: "ops@example.com", password: "correct horse battery", role: "operator" },
      SYSTEM,
    );
  });
  const signIns = async () =>
    (await listAudit(auditQuerySchema.parse({}))).items
      .filter((e) => e.action.startsWith("user.sign-in"))
      .map((e) => [e.action, e.actor.label, e.data]);

  it("records a password sign-in and a refused password for an existing account, never the password", async () => {
    expect(await authenticateUser("ops@example.com", "correct horse battery")).not.toBeNull();
    expect(await authenticateUser("ops@example.com", "wrong password")).toBeNull();
    const events = await signIns();
    expect(events).toEqual([
      ["user.sign-in-failed", "ops@example.com", { method: "password", reason: "wrong-password" }],
      ["user.sign-in", "ops@example.com", { method: "password" }],
    ]);
    expect(JSON.stringify(events)).not.toMatch(/horse|wrong password/);
  });

  it("records a single sign-on", async () => {
    await signInWithOidc(
      {
        issuer: "https://idp.example.com",
        subject: "u-1",
        email: "sso@example.com",
        emailVerified: true,
        name: "SSO User",
        claims: { groups: ["meridian-viewers"] },
      },
      {
        claim: "groups",
        rules: [{ group: "meridian-viewers", role: "viewer" }],
        defaultRole: "none",
      },
    );
    expect((await signIns())[0]).toEqual([
      "user.sign-in",
      "sso@example.com",
      { method: "oidc", issuer: "https://idp.example.com" },
    ]);
  });
});
