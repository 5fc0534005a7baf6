import { beforeAll, describe, expect, it } from "vitest";
import * as tokens from "@/app/api/v1/tokens/route";
import * as token from "@/app/api/v1/tokens/[id]/route";
import * as me from "@/app/api/v1/me/route";
import * as health from "@/app/api/healthz/route";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

describe("personal API tokens", () => {
  let owner: { userId: string; token: string };
  beforeAll(async () => {
    await resetDatabase();
    owner = await userWithToken("operator");
  });

  it("carry the owner's role and never expose their hash", async () => {
    const res = await call(me.GET, "GET", "/api/v1/me", { token: owner.token });
    expect(res.body).toMatchObject({ role: "operator", via: "token" });
    const list = await call(tokens.GET, "GET", "/api/v1/tokens", { token: owner.token });
    expect(JSON.stringify(list.body)).not.toMatch(/tokenHash|[0-9a-f]{64}/);
    expect((list.body as { items: unknown[] }).items).toHaveLength(1);
  });

  it("cannot mint more tokens with a token", async () => {
    const res = await call(tokens.POST, "POST", "/api/v1/tokens", {
      token: owner.token,
      body: { name: "ci" },
    });
    expect(res.status).toBe(403);
  });

  it("follow the owner's role when it changes", async () => {
    await db().user.update({ where: { id: owner.userId }, data: { role: "viewer" } });
    expect((await call(me.GET, "GET", "/api/v1/me", { token: owner.token })).body).toMatchObject({
      role: "viewer",
    });
    await db().user.update({ where: { id: owner.userId }, data: { role: "operator" } });
  });

  it("stop working once revoked, and someone else's token is not found", async () => {
    const other = await userWithToken("admin");
    const mine = await db().apiToken.findFirstOrThrow({ where: { userId: owner.userId } });
    const foreign = await call(token.DELETE, "DELETE", "/x", {
      token: other.token,
      params: { id: mine.id },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call(token.DELETE, "DELETE", "/x", { token: owner.token, params: { id: mine.id } }))
        .status,
    ).toBe(204);
    expect((await call(me.GET, "GET", "/api/v1/me", { token: owner.token })).status).toBe(401);
  });

  it("expire", async () => {
    const t = await userWithToken("viewer");
    await db().apiToken.updateMany({
      where: { userId: t.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await call(me.GET, "GET", "/api/v1/me", { token: t.token })).status).toBe(401);
  });
});

describe("health check", () => {
  it("is public and reports database reachability", async () => {
    const res = await call(health.GET, "GET", "/api/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: { reachable: true } });
  });
});
