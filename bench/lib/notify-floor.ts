import { performance } from "node:perf_hooks";
import pg from "pg";
import { percentile } from "./synthetic-fleet";

/** The floor's database part: one commit with a NOTIFY until a listener hears it (median of `n`). */
export async function notifyFloorMs(dbUrl: string, n = 20): Promise<number> {
  const listener = new pg.Client({ connectionString: dbUrl });
  const writer = new pg.Client({ connectionString: dbUrl });
  await listener.connect();
  await writer.connect();
  await listener.query("LISTEN bench_floor");
  const notify: number[] = [];
  for (let i = 0; i < n; i++) {
    const heard = new Promise<void>((r) => listener.once("notification", () => r()));
    const t0 = performance.now();
    await writer.query("BEGIN");
    await writer.query("SELECT pg_notify('bench_floor', 'x')");
    await writer.query("COMMIT");
    await heard;
    notify.push(performance.now() - t0);
  }
  await listener.end();
  await writer.end();
  return percentile(notify, 50);
}
