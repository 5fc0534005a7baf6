import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/store/generated/client";
import { env } from "@/lib/infra/env";
import { planeMetrics } from "@/lib/infra/plane-metrics/registry";

export type { Prisma } from "@/lib/store/generated/client";
export type Db = PrismaClient;

const globalForDb = globalThis as unknown as { meridianDb?: PrismaClient; meridianPool?: pg.Pool };

/**
 * A connection pool whose every checkout is timed into `meridian_db_pool_wait_seconds`:
 * pg-pool's `query` checks out through `connect` too, so queries and transactions both count.
 */
export function createPool(connectionString: string, poolMax: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: poolMax });
  const connect = pool.connect.bind(pool) as (
    cb: (
      err: Error | undefined,
      client?: pg.PoolClient,
      done?: (release?: unknown) => void,
    ) => void,
  ) => void;
  const wait = planeMetrics().poolWait;
  // pg calls connect(callback) from query(); Prisma awaits connect(). Both go through here.
  (pool as { connect: unknown }).connect = (cb?: Parameters<typeof connect>[0]) => {
    const end = wait.startTimer();
    if (cb) {
      connect((err, client, done) => {
        end();
        cb(err, client, done);
      });
      return undefined;
    }
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((err, client) => {
        end();
        if (err || !client) reject(err ?? new Error("no connection"));
        else resolve(releasedWhenItDies(client));
      }),
    );
  };
  return pool;
}

/**
 * A checked-out connection that goes back to the pool (which drops it) as soon as it dies: when
 * a transaction's connection is killed (pg_terminate_backend, a failover, a network cut), the
 * ROLLBACK fails and Prisma never releases it, so each kill leaked a pool slot and `pool.end()`
 * waited forever. Its release is idempotent, so a later release by its holder is harmless.
 */
function releasedWhenItDies(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => once(new Error("the database connection ended while checked out"));
  const once = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("end", onEnd);
    // Restored first: releasing may hand the client straight to a waiting checkout, which
    // sets its own release.
    client.release = release;
    release(err);
  };
  client.once("end", onEnd);
  client.release = once;
  return client;
}

/** Build a Prisma client over a pool (also used by scripts and tests); it ends the pool too. */
export function createDb(connectionString: string, poolMax: number, pool?: pg.Pool): PrismaClient {
  const adapter = new PrismaPg(pool ?? createPool(connectionString, poolMax), {
    disposeExternalPool: true,
  });
  return new PrismaClient({
    adapter,
    // Interactive transactions queue behind one connection on the embedded database.
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
}

/**
 * The process-wide pool under {@link db}, for the few users that speak SQL to pg directly
 * (the shared rate-limit counters): one pool, so the embedded database's single connection is
 * shared too.
 */
export function pgPool(): pg.Pool {
  db();
  return globalForDb.meridianPool!;
}

// Tests run two Meridians in one process (tests/federation: two databases on one server):
// inside withDatabase(), db() is that Meridian's client.
const scoped = new AsyncLocalStorage<PrismaClient>();

/** Run `work` with `client` as the database of everything it calls (tests only). */
export function withDatabase<T>(client: PrismaClient, work: () => T): T {
  return scoped.run(client, work);
}

/** The process-wide database client (or the one of the enclosing {@link withDatabase}). */
export function db(): PrismaClient {
  const inScope = scoped.getStore();
  if (inScope) return inScope;
  // A disconnected client ended its pool (disposeExternalPool); build both again.
  if (globalForDb.meridianDb && !globalForDb.meridianPool?.ended) return globalForDb.meridianDb;
  const { DATABASE_URL, MERIDIAN_DB_POOL_MAX } = env();
  if (!DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: start Meridian with `npm start` or `npm run demo`");
  }
  const pool = createPool(DATABASE_URL, MERIDIAN_DB_POOL_MAX);
  globalForDb.meridianPool = pool;
  globalForDb.meridianDb = createDb(DATABASE_URL, MERIDIAN_DB_POOL_MAX, pool);
  return globalForDb.meridianDb;
}
