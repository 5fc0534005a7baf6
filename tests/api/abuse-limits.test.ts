// Abuse limits (issue 19, part 6) on the real database: the sign-in budget per account and per
// address, agent registration per address, join-token and API-token creation per user. Short
// windows come from the environment, so no test waits a minute.
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as register from "@/app/api/agent/v1/register/route";
import * as joinTokens from "@/app/api/v1/clusters/[name]/join-tokens/route";
import * as tokens from "@/app/api/v1/tokens/route";
import { asRateLimitAnswer } from "@/lib/auth/sign-in-limit";
import { errorResponse } from "@/lib/api/respond";
import { RateLimitedError } from "@/lib/domain/errors";
import { PEER_HEADER } from "@/lib/infra/peer-address";
import { createCluster } from "@/lib/services/inventory/clusters";
import { resetDatabase } from "../helpers/db";
import { newUser, PASSWORD, signIn } from "../helpers/sign-in";
import { call, userWithToken } from "../helpers/api";
import { AGENT_INFO } from "../helpers/agent";

vi.hoisted(() => {
  process.env.MERIDIAN_SIGNIN_ATTEMPTS = "5";
  process.env.MERIDIAN_REGISTER_PER_MINUTE = "4";
});

const SYSTEM = { type: "system", label: "test" } as const;

describe("abuse limits", () => {
  beforeAll(async () => {
    await resetDatabase();
  });

  it("limits one address trying many accounts", { timeout: 90_000 }, async () => {
    const ip = "203.0.113.50";
    // 4 × the per-account budget from one address, 4 failures per account (never locked).
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 4; i++) {
        expect(await signIn(`nobody-${a}@test.local`, "x", ip)).toBe("wrong");
      }
    }
    await newUser("bystander@test.local");
    expect(await signIn("bystander@test.local", PASSWORD, ip)).toMatchObject({
      refusedFor: expect.any(Number),
    });
    expect(await signIn("bystander@test.local", PASSWORD, "203.0.113.51")).toBe("signed-in");
  });

  it("turns next-auth's refusal into a 429 with Retry-After, keeping its url", async () => {
    const nextAuth = Response.json(
      { url: "http://localhost/api/auth/error?error=RateLimited%3A37" },
      { status: 401 },
    );
    const res = await asRateLimitAnswer(nextAuth);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("37");
    const body = (await res.json()) as { url: string; error: { code: string; message: string } };
    expect(body.url).toContain("error=RateLimited");
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/Try again in 37 seconds/);
    // A plain wrong password stays next-auth's own 401.
    const wrong = Response.json(
      { url: "http://localhost/api/auth/error?error=CredentialsSignin" },
      { status: 401 },
    );
    expect((await asRateLimitAnswer(wrong)).status).toBe(401);
  });

  it("maps a rate-limit refusal to 429 in the one table", async () => {
    const res = errorResponse(new RateLimitedError("Too many API tokens created", 125));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("125");
    expect(await res.json()).toMatchObject({
      error: { code: "rate_limited", message: expect.stringMatching(/Try again in 3 minutes/) },
    });
  });

  it("limits agent registrations per address", async () => {
    const attempt = (ip: string) =>
      call(register.POST, "POST", "/api/agent/v1/register", {
        headers: { [PEER_HEADER]: ip },
        body: { joinToken: "mrd_join_" + "a".repeat(43), agent: AGENT_INFO },
      });
    for (let i = 0; i < 4; i++) expect((await attempt("192.0.2.10")).status).toBe(401);
    const refused = await attempt("192.0.2.10");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ error: { code: "rate_limited" } });
    expect((await attempt("192.0.2.11")).status).toBe(401);
  });

  it("limits join tokens and API tokens per user", { timeout: 90_000 }, async () => {
    const admin = await userWithToken("admin");
    await createCluster({ name: "limited", region: "r" }, SYSTEM);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await call(joinTokens.POST, "POST", "/api/v1/clusters/limited/join-tokens", {
        token: admin.token,
        params: { name: "limited" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
    expect(statuses[60]).toBe(429);

    // API tokens need a signed-in person: a session cookie as next-auth writes it.
    const person = await newUser("minter@test.local");
    const session = await encode({
      token: { sub: person.id },
      secret: process.env.NEXTAUTH_SECRET!,
    });
    const mint = () =>
      call(tokens.POST, "POST", "/api/v1/tokens", {
        headers: { cookie: `next-auth.session-token=${session}`, origin: "http://localhost:3000" },
        body: { name: "ci" },
      });
    for (let i = 0; i < 30; i++) expect((await mint()).status).toBe(201);
    const refused = await mint();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { code: "rate_limited", message: expect.stringMatching(/Try again in/) },
    });
  });
});
