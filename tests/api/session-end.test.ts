// Issue 37.5: a session ends on the server. After sign-out, a copied session cookie is refused
// (it answered 200 for its whole 12 h life); an admin can end all of a user's sessions; a role
// or password change ends them too. The session carries the user's session version, which
// every request compares with the database's (shared by every replica).
import { encode } from "next-auth/jwt";
import { beforeEach, describe, expect, it } from "vitest";
import * as me from "@/app/api/v1/me/route";
import * as user from "@/app/api/v1/users/[id]/route";
import { authOptions } from "@/lib/auth/options";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

const ORIGIN = { origin: "http://localhost:3000" };

/** The session cookie next-auth would set for `userId` when it signs in now. */
async function signedIn(userId: string): Promise<Record<string, string>> {
  const token = await authOptions().callbacks!.jwt!({
    token: {},
    user: { id: userId, email: "x@test.local" },
    account: { provider: "credentials", type: "credentials", providerAccountId: userId },
  } as never);
  const cookie = await encode({ token, secret: process.env.NEXTAUTH_SECRET! });
  return { cookie: `next-auth.session-token=${cookie}`, ...ORIGIN };
}

const whoAmI = (headers: Record<string, string>) => call(me.GET, "GET", "/api/v1/me", { headers });

describe("sessions a person can end", () => {
  let admin = { userId: "", token: "" };
  let viewer = { userId: "", token: "" };
  beforeEach(async () => {
    await resetDatabase();
    admin = await userWithToken("admin");
    viewer = await userWithToken("viewer");
  });

  it("sign-out ends the session: the copied cookie is refused", async () => {
    const cookie = await signedIn(viewer.userId);
    expect((await whoAmI(cookie)).status).toBe(200);
    const { decode } = await import("next-auth/jwt");
    const token = await decode({
      token: cookie.cookie!.split("=")[1],
      secret: process.env.NEXTAUTH_SECRET!,
    });
    await authOptions().events!.signOut!({ token: token!, session: null as never });
    expect((await whoAmI(cookie)).status, "the copied cookie after sign-out").toBe(401);
    // Signing in again gives a session that works.
    expect((await whoAmI(await signedIn(viewer.userId))).status).toBe(200);
  });

  it("an admin ends all of a user's sessions", async () => {
    const { DELETE } = await import("@/app/api/v1/users/[id]/sessions/route");
    const phone = await signedIn(viewer.userId);
    const laptop = await signedIn(viewer.userId);
    const res = await call(DELETE, "DELETE", `/api/v1/users/${viewer.userId}/sessions`, {
      token: admin.token,
      params: { id: viewer.userId },
    });
    expect(res.status).toBe(204);
    expect((await whoAmI(phone)).status).toBe(401);
    expect((await whoAmI(laptop)).status).toBe(401);
    // API tokens are not sessions: they stay.
    expect((await whoAmI({ authorization: `Bearer ${viewer.token}` })).status).toBe(200);
  });

  it("a role change ends the user's sessions", async () => {
    const cookie = await signedIn(viewer.userId);
    const res = await call(user.PATCH, "PATCH", `/api/v1/users/${viewer.userId}`, {
      token: admin.token,
      params: { id: viewer.userId },
      body: { role: "operator" },
    });
    expect(res.status).toBe(200);
    expect((await whoAmI(cookie)).status, "the session from before the role change").toBe(401);
  });

  it("a password change ends the user's sessions", async () => {
    const cookie = await signedIn(viewer.userId);
    const res = await call(user.PATCH, "PATCH", `/api/v1/users/${viewer.userId}`, {
      token: admin.token,
      params: { id: viewer.userId },
      body: { password: "a brand new passphrase" },
    });
    expect(res.status).toBe(200);
    expect((await whoAmI(cookie)).status, "the session from before the password change").toBe(401);
  });
});
