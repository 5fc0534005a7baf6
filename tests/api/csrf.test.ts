// Cross-site request forgery (issue 17.2): a change made with the browser's session cookie is
// accepted only from Meridian's own origin (the Origin header, or Sec-Fetch-Site: same-origin
// when a browser sends no Origin). Matrix: every mutating route × {an evil Origin, Origin: null,
// no Origin with a cookie, the same origin, a bearer token}; only the last two get past the
// check, and the refused ones change nothing in any table.
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/auth/with-auth";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { ROUTES } from "../helpers/routes";

const MUTATING = ["POST", "PUT", "PATCH", "DELETE"] as const;
/** Not behind a browser session: next-auth's own routes (its CSRF token) and the agent API. */
const NOT_SESSION = (route: string) =>
  route.startsWith("/api/auth/") || route.startsWith("/api/agent/");
const SAME_ORIGIN = "http://localhost:3000";

async function everyTableCount(): Promise<Record<string, number>> {
  const tables = await db().$queryRawUnsafe<{ table_name: string }[]>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await db().$queryRawUnsafe<{ n: bigint | number }[]>(
      `SELECT count(*) AS n FROM "${table_name}"`,
    );
    counts[table_name] = Number(row!.n);
  }
  return counts;
}

function concrete(route: string) {
  const params: Record<string, string | string[]> = {};
  const url = route.replace(
    /\[(\.\.\.)?([^\]]+)\]/g,
    (_m, rest: string | undefined, name: string) => {
      params[name] = rest ? ["x", "y"] : name === "name" ? "east-1" : "1";
      return rest ? "x/y" : String(params[name]);
    },
  );
  return { url, params };
}

describe("cookie-authenticated changes from another origin are refused", () => {
  let cookie = "";
  let bearer = "";
  const cases: { method: string; route: string; handler: RouteHandler }[] = [];

  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
    const admin = await userWithToken("admin");
    bearer = admin.token;
    const session = await encode({
      token: { sub: admin.userId },
      secret: process.env.NEXTAUTH_SECRET!,
    });
    cookie = `next-auth.session-token=${session}`;
    for (const { file, route } of ROUTES) {
      if (NOT_SESSION(route)) continue;
      const mod = (await import(file)) as Partial<Record<string, RouteHandler>>;
      for (const method of MUTATING) {
        const handler = mod[method];
        if (handler) cases.push({ method, route, handler });
      }
    }
  });

  it("finds the mutating routes", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(cases.map((c) => `${c.method} ${c.route}`)).toEqual(
      expect.arrayContaining([
        "POST /api/v1/clusters",
        "POST /api/v1/users",
        "DELETE /api/v1/tokens/[id]",
      ]),
    );
  });

  const refused: [string, Record<string, string>][] = [
    ["an evil Origin", { origin: "http://evil.example" }],
    ["Origin: null", { origin: "null" }],
    ["a sibling subdomain's Origin", { origin: "http://admin.localhost:3000" }],
    ["no Origin", {}],
    ["no Origin, Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
  ];
  for (const [what, headers] of refused)
    it(`refuses ${what} with a cookie on every mutating route, and changes nothing`, async () => {
      const before = await everyTableCount();
      for (const { method, route, handler } of cases) {
        const { url, params } = concrete(route);
        const res = await call(handler, method, url, {
          params,
          headers: { cookie, ...headers },
          body: { name: "csrf-probe", region: "eu-west", email: "csrf@evil.example" },
        });
        expect(res.status, `${method} ${route}`).toBe(403);
        expect(res.body, `${method} ${route}`).toMatchObject({ error: { code: "cross_origin" } });
      }
      expect(await everyTableCount()).toEqual(before);
    });

  const passing: [string, (h: Record<string, string>) => Record<string, string>][] = [
    ["the same Origin with a cookie", () => ({ cookie, origin: SAME_ORIGIN })],
    [
      "Sec-Fetch-Site: same-origin with a cookie",
      () => ({ cookie, "sec-fetch-site": "same-origin" }),
    ],
    [
      "a bearer token, any Origin",
      () => ({ authorization: `Bearer ${bearer}`, origin: "http://evil.example" }),
    ],
  ];
  for (const [what, headersOf] of passing)
    it(`lets ${what} past the origin check`, async () => {
      for (const { method, route, handler } of cases) {
        const { url, params } = concrete(route);
        const res = await call(handler, method, url, { params, headers: headersOf({}), body: {} });
        expect(
          (res.body as { error?: { code?: string } } | null)?.error?.code,
          `${method} ${route}`,
        ).not.toBe("cross_origin");
      }
    });

  it("reads stay open to a cookie without Origin (navigations and GET fetches send none)", async () => {
    const clusters = await import("@/app/api/v1/clusters/route");
    const res = await call(clusters.GET, "GET", "/api/v1/clusters", { headers: { cookie } });
    expect(res.status).toBe(200);
  });
});
