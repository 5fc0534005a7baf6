// Enumerates every route handler under app/api so a new route without the wrapper fails here.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { WRAPPED_HANDLERS, type RouteHandler } from "@/lib/auth/with-auth";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { API_DIR, METHODS, ROUTES as routes } from "../helpers/routes";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Routes that are public on purpose. */
const PUBLIC = new Set([
  "/api/healthz",
  "/api/auth/[...nextauth]",
  "/api/agent/v1/register",
  "/api/v1/openapi.json",
  "/api/agent/v1/openapi.json",
  // SPIFFE bundle endpoint: read by SPIRE and other federating peers without a session
  // (tests/api/trust.test.ts covers it anonymously).
  "/api/v1/trust/bundles/[trustDomain]",
]);
/** Mutations a viewer may make: on their own things only. */
const VIEWER_MAY = new Set(["POST /api/v1/tokens", "DELETE /api/v1/tokens/[id]"]);

/** A concrete URL and params for a route pattern like /api/v1/clusters/[name]. */
function concrete(route: string) {
  const params: Record<string, string | string[]> = {};
  const url = route.replace(
    /\[(\.\.\.)?([^\]]+)\]/g,
    (_m, rest: string | undefined, name: string) => {
      params[name] = rest ? ["x", "y"] : "does-not-exist";
      return rest ? "x/y" : "does-not-exist";
    },
  );
  return { url, params };
}

type RouteModule = Partial<Record<(typeof METHODS)[number], RouteHandler>>;

describe("every API route is behind the authorization wrapper", () => {
  let viewer: string;
  beforeAll(async () => {
    await resetDatabase();
    viewer = (await userWithToken("viewer")).token;
  });

  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(routes.map((r) => r.route)).toContain("/api/v1/clusters");
  });

  for (const { file, route } of routes) {
    it(`${route} exports only wrapped handlers`, async () => {
      const mod = (await import(file)) as RouteModule;
      const handlers = METHODS.filter((m) => typeof mod[m] === "function");
      expect(handlers.length).toBeGreaterThan(0);
      for (const m of handlers) expect(WRAPPED_HANDLERS.has(mod[m]!), `${m} ${route}`).toBe(true);
    });

    if (PUBLIC.has(route)) continue;

    it(`${route} answers 401 JSON to anonymous callers`, async () => {
      const mod = (await import(file)) as RouteModule;
      const { url, params } = concrete(route);
      for (const m of METHODS.filter((x) => mod[x])) {
        const res = await call(mod[m]!, m, url, { params, body: MUTATING.has(m) ? {} : undefined });
        expect(res.status, `${m} ${route}`).toBe(401);
        expect(res.body).toMatchObject({ error: { code: "unauthenticated" } });
      }
    });

    it(`${route} refuses mutations by a viewer with 403 JSON`, async () => {
      const mod = (await import(file)) as RouteModule;
      const { url, params } = concrete(route);
      for (const m of METHODS.filter((x) => mod[x] && MUTATING.has(x))) {
        if (VIEWER_MAY.has(`${m} ${route}`) || route.endsWith("[...path]")) continue;
        const res = await call(mod[m]!, m, url, { params, token: viewer, body: {} });
        // The agent API knows no users: a person's token is no agent credential at all.
        const agentApi = route.startsWith("/api/agent/");
        expect(res.status, `${m} ${route}`).toBe(agentApi ? 401 : 403);
        expect(res.body).toMatchObject({
          error: { code: agentApi ? "unauthenticated" : "forbidden" },
        });
      }
    });
  }

  it("answers 404 JSON for unknown API routes once signed in", async () => {
    const mod = (await import(path.join(API_DIR, "v1/[...path]/route.ts"))) as RouteModule;
    const res = await call(mod.GET!, "GET", "/api/v1/nothing-here", { token: viewer });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: "not_found" } });
  });

  it("rejects a malformed, unknown or revoked bearer token with 401", async () => {
    const mod = (await import(path.join(API_DIR, "v1/clusters/route.ts"))) as RouteModule;
    for (const token of ["nonsense", "mrd_pat_" + "a".repeat(43)]) {
      const res = await call(mod.GET!, "GET", "/api/v1/clusters", { token });
      expect(res.status).toBe(401);
    }
  });
});
