import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/processes";

// A replica whose database cannot answer says so with 503 — and, like every other 503 it
// gives, with Retry-After, so a load balancer's or a script's probe backs off instead of
// hammering it. The database here is real: a port where nothing listens.

describe("GET /api/healthz without a reachable database", () => {
  it("answers 503 degraded with Retry-After", async () => {
    process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${await freePort()}/x`;
    const { GET } = await import("@/app/api/healthz/route");
    const { call } = await import("../helpers/api");
    const res = await call(GET, "GET", "/api/healthz");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "degraded", database: { reachable: false } });
    expect(res.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
  });
});
