import "server-only";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { pgPool } from "@/lib/store/client";

/** The table rate-limiter-flexible keeps its counters in (prisma model RateLimit). */
const TABLE = "RateLimit";

// One limiter per name and size for the process's current pool (a new pool — a test file's own
// database — gets new limiters rather than ones bound to a pool that was ended).
const state = globalThis as unknown as {
  meridianRateLimiters?: { pool: object; byKey: Map<string, RateLimiterAbstract> };
};

/**
 * A limiter whose counters live in Postgres, so every replica counts against the same budget:
 * `points` per `durationSeconds`, keys prefixed with `name`. When the database cannot answer,
 * a per-process counter of the same size stands in (rate-limiter-flexible's insurance limiter),
 * so a database outage neither opens the limit nor refuses everyone.
 */
export function sharedLimiter(
  name: string,
  points: number,
  durationSeconds: number,
): RateLimiterAbstract {
  const pool = pgPool();
  if (state.meridianRateLimiters?.pool !== pool) {
    state.meridianRateLimiters = { pool, byKey: new Map() };
  }
  const key = `${name}\n${points}\n${durationSeconds}`;
  const cached = state.meridianRateLimiters.byKey.get(key);
  if (cached) return cached;
  const limiter = new RateLimiterPostgres({
    // Unnamed statements: the library names its prepared statements, which a pooler in
    // transaction mode, or the embedded database's one session shared by successive
    // connections, would find already prepared (or missing) on the next connection.
    storeClient: {
      query: (q: { text: string; values?: unknown[] }) => pool.query(q.text, q.values),
    },
    storeType: "pool",
    tableName: TABLE,
    // Created by the migration (prisma/migrations/*_rate_limits), never by the library.
    tableCreated: true,
    // Every 5 minutes (an unref'd timer), rows whose window ended an hour ago are deleted.
    clearExpiredByTimeout: true,
    keyPrefix: name,
    points,
    duration: durationSeconds,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }),
  });
  state.meridianRateLimiters.byKey.set(key, limiter);
  return limiter;
}
