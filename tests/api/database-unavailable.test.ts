import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/api/respond";
import { createDb } from "@/lib/store/client";
import { freePort } from "../../scripts/lib/processes";

// A database that cannot serve (down, restarting, every connection taken) is a 503 with
// Retry-After — the client backs off and retries — never a 500. The replicas suite
// (tests/replicas/postgres-restart.test.ts) proves it across a real `pg_ctl restart`; here each
// failure's shape, so the mapping is checked by `npm test` with only Node.

async function expect503(error: unknown): Promise<void> {
  const res = errorResponse(error);
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("database_unavailable");
  // Nothing of the connection (host, port) in the answer.
  expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|:\d{4,5}/);
}

describe("errorResponse for a database that cannot serve", () => {
  const clients: { $disconnect(): Promise<void> }[] = [];
  afterAll(() => Promise.all(clients.map((c) => c.$disconnect())));

  /** A real Prisma client (the app's adapter) on a port where nothing listens. */
  async function unreachable() {
    const db = createDb(`postgresql://postgres@127.0.0.1:${await freePort()}/x`, 2);
    clients.push(db);
    return db;
  }

  it("answers 503 for a real query against an unreachable server (P2010 / P1001)", async () => {
    const db = await unreachable();
    const raw = await db.$queryRaw`SELECT 1`.catch((e: unknown) => e);
    await expect503(raw);
    const model = await db.user.count().catch((e: unknown) => e);
    await expect503(model);
    const tx = await db.$transaction(async (t) => t.user.count()).catch((e: unknown) => e);
    await expect503(tx);
  });

  it("answers 503 for node-postgres' own connection failures", async () => {
    const client = new pg.Client({
      connectionString: `postgresql://postgres@127.0.0.1:${await freePort()}/x`,
    });
    await expect503(await client.connect().catch((e: unknown) => e));
  });

  // Shapes recorded from replicas during a real `pg_ctl restart -m fast` (the replicas suite's
  // logs), for the failures a closed port cannot produce.
  it.each([
    [
      "the server's shutdown (57P01) as node-postgres raises it",
      Object.assign(new Error("terminating connection due to administrator command"), {
        code: "57P01",
        severity: "FATAL",
      }),
    ],
    [
      "the server starting up (57P03)",
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    ],
    [
      "a raw query's driver error (P2010 wrapping 57P01)",
      Object.assign(new Error("Raw query failed. Code: `57P01`."), {
        code: "P2010",
        meta: {
          driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01", code: "57P01" } },
        },
      }),
    ],
    [
      "a closed connection (P1017)",
      Object.assign(new Error("Server has closed the connection."), { code: "P1017" }),
    ],
    [
      "no transaction slot in time (P2028)",
      Object.assign(
        new Error("Transaction API error: Unable to start a transaction in the given time."),
        { code: "P2028" },
      ),
    ],
    [
      "too many connections (53300)",
      Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
    ],
    [
      "a pooled client broken by the restart",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    ["a connection cut mid-query", new Error("Connection terminated unexpectedly")],
    [
      "a driver error wrapping the cut (cause chain)",
      new Error("query failed", { cause: new Error("Connection terminated unexpectedly") }),
    ],
  ])("answers 503 for %s", async (_what, error) => {
    await expect503(error);
  });

  it("still answers a query's own mistakes as before, not as unavailable", async () => {
    const unique = Object.assign(new Error("Unique constraint failed"), { code: "P2002" });
    expect(errorResponse(unique).status).toBe(409);
    const syntax = Object.assign(new Error("syntax error at or near"), { code: "42601" });
    expect(errorResponse(syntax).status).toBe(500);
  });
});
