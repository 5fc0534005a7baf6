import "server-only";
import { db, type Prisma } from "@/lib/store/client";

// What the services see of the database: a unit of work to run store functions in. Services
// never write a query themselves (the linter keeps lib/store/client out of lib/services).

/** The process-wide client or an interactive transaction's: every store function takes one. */
export type Tx = Prisma.TransactionClient | ReturnType<typeof db>;

/** A JSON value as a store function stores it. */
export type Json = Prisma.InputJsonValue;

/**
 * Run `work` in one interactive transaction: all of it commits, or none of it. `timeoutMs`
 * lengthens the client's default (15 s) for work that is big by design (a snapshot at the
 * 20,000-service cap on a loaded machine).
 */
export function transaction<T>(
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  opts: { timeoutMs?: number } = {},
): Promise<T> {
  return opts.timeoutMs
    ? db().$transaction(work, { timeout: opts.timeoutMs })
    : db().$transaction(work);
}

/** The client outside any transaction, for store functions' default argument. */
export const pool = (): Tx => db();

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
