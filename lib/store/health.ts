import "server-only";
import { pool } from "@/lib/store/transaction";

/** Round-trip time of a trivial query in ms; throws when the database cannot be reached. */
export async function pingDatabase(): Promise<number> {
  const started = Date.now();
  await pool().$queryRaw`SELECT 1`;
  return Date.now() - started;
}

/** How many global services there are. */
export async function countGlobalServices(): Promise<number> {
  return pool().globalService.count();
}
