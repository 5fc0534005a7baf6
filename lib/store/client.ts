import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/lib/store/generated/client";
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

/** The process-wide client or an interactive transaction's. */
export type Tx = Prisma.TransactionClient | PrismaClient;

/**
 * Runs independent reads together on the pool — but one after another inside a transaction,
 * whose single connection would only queue them (node-postgres warns, and pg 9 refuses).
 */
export async function readTogether<T extends unknown[]>(
  tx: Tx,
  ...reads: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if ("$transaction" in tx) return (await Promise.all(reads.map((read) => read()))) as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as T;
}
