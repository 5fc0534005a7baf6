// Settings → Users through the REST API (issue 24.4): list, create, change role, disable,
// enable, delete; the last enabled admin is protected, nobody disables or deletes themselves,
// a disabled user's token stops working, and every change is audited.
import { beforeAll, describe, expect, it } from "vitest";
import * as users from "@/app/api/v1/users/route";
import * as user from "@/app/api/v1/users/[id]/route";
import * as me from "@/app/api/v1/me/route";
import type { UserDto } from "@/lib/model/inventory";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

describe("user administration", () => {
  let admin: { userId: string; token: string };
  let viewer: { userId: string; token: string };
  const patch = (id: string, body: unknown, token = admin.token) =>
    call(user.PATCH, "PATCH", "/x", { token, params: { id }, body });
  const remove = (id: string, token = admin.token) =>
    call(user.DELETE, "DELETE", "/x", { token, params: { id } });
  const audit = (action: string, targetId: string) =>
    db().auditEvent.findFirst({ where: { action, targetId }, orderBy: { id: "desc" } });

  beforeAll(async () => {
    await resetDatabase();
    admin = await userWithToken("admin");
    viewer = await userWithToken("viewer");
  });

  it("lists users with their status and sign-in kind, admins only", async () => {
    const res = await call(users.GET, "GET", "/x", { token: admin.token });
    expect(res.status).toBe(200);
    const items = (res.body as { items: UserDto[] }).items;
    expect(items.find((u) => u.id === viewer.userId)).toMatchObject({
      role: "viewer",
      disabled: false,
      sso: false,
    });
    expect((await call(users.GET, "GET", "/x", { token: viewer.token })).status).toBe(403);
  });

  it("changes a role and audits who changed it from what to what", async () => {
    const res = await patch(viewer.userId, { role: "operator" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ role: "operator" });
    expect((await audit("user.role", viewer.userId))?.data).toMatchObject({
      role: { from: "viewer", to: "operator" },
    });
    expect((await patch(viewer.userId, { role: "viewer" }, viewer.token)).status).toBe(403);
  });

  it("disables a user (their token stops working) and enables them again", async () => {
    const off = await patch(viewer.userId, { disabled: true });
    expect(off.body).toMatchObject({ disabled: true });
    expect((await call(me.GET, "GET", "/x", { token: viewer.token })).status).toBe(401);
    expect(await audit("user.disable", viewer.userId)).not.toBeNull();
    const on = await patch(viewer.userId, { disabled: false });
    expect(on.body).toMatchObject({ disabled: false });
    expect((await call(me.GET, "GET", "/x", { token: viewer.token })).status).toBe(200);
    expect(await audit("user.enable", viewer.userId)).not.toBeNull();
  });

  it("protects the last enabled admin and refuses to disable or delete oneself", async () => {
    const other = await userWithToken("admin");
    // Two admins: the other may be demoted; then `admin` is the last one.
    expect((await patch(other.userId, { role: "viewer" })).status).toBe(200);
    const demote = await patch(admin.userId, { role: "operator" });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ error: { code: "last_admin" } });
    expect((await patch(admin.userId, { disabled: true })).body).toMatchObject({
      error: { code: "self" },
    });
    expect((await remove(admin.userId)).body).toMatchObject({ error: { code: "self" } });
    expect(await db().user.findUnique({ where: { id: admin.userId } })).toMatchObject({
      role: "admin",
      disabledAt: null,
    });
  });

  it("bad input is a 400 and an unknown id a 404, changing nothing", async () => {
    expect((await patch(viewer.userId, {})).status).toBe(400);
    expect((await patch(viewer.userId, { role: "root" })).status).toBe(400);
    expect((await patch("nope", { role: "viewer" })).status).toBe(404);
    expect((await remove("nope")).status).toBe(404);
  });

  it("deletes a user, audited with their email", async () => {
    const gone = await userWithToken("operator");
    const email = (await db().user.findUniqueOrThrow({ where: { id: gone.userId } })).email;
    expect((await remove(gone.userId)).status).toBe(204);
    expect(await db().user.findUnique({ where: { id: gone.userId } })).toBeNull();
    expect((await call(me.GET, "GET", "/x", { token: gone.token })).status).toBe(401);
    expect((await audit("user.delete", gone.userId))?.data).toMatchObject({ email });
  });
});
