import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/store/generated/client";
import { env } from "@/lib/infra/env";

export type { Prisma } from "@/lib/store/generated/client";
export type Db = PrismaClient;

const globalForDb = globalThis as unknown as { meridianDb?: PrismaClient };

/** Build a Prisma client for a connection string (also used by scripts and tests). */
export function createDb(connectionString: string, poolMax: number): PrismaClient {
  const adapter = new PrismaPg({ connectionString, max: poolMax });
  return new PrismaClient({
    adapter,
    // Interactive transactions queue behind one connection on the embedded database.
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
}

/** The process-wide database client. */
export function db(): PrismaClient {
  if (globalForDb.meridianDb) return globalForDb.meridianDb;
  const { DATABASE_URL, MERIDIAN_DB_POOL_MAX } = env();
  if (!DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: start Meridian with `npm start` or `npm run demo`");
  }
  globalForDb.meridianDb = createDb(DATABASE_URL, MERIDIAN_DB_POOL_MAX);
  return globalForDb.meridianDb;
}
