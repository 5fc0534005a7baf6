// This process's own desired-state listener (lib/store/desired-notify.ts, the one every replica
// runs) on the suite's real Postgres: when its LISTEN connection is cut, again and again, it is
// back within the same short bound every time — its backoff starts over once it is listening.
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { inject } from "vitest";
import { DESIRED_CHANNEL, watchDesiredChanges } from "@/lib/store/desired-notify";

/** How long a cut listener may take to listen again (its first retry is well inside this). */
const BACK_WITHIN_MS = 1500;

describe("the desired-state listener", () => {
  const admin = new pg.Client({ connectionString: inject("replicasDatabaseUrl") });
  afterAll(() => admin.end());

  it("listens again within the bound after each of five cuts in a row", async () => {
    await admin.connect();
    const cluster = "listener-probe";
    const watch = watchDesiredChanges(cluster);
    /** The listening backend other than `not`, waited for up to `within` ms. */
    const listenerPid = async (not: number | undefined, within: number) => {
      const t0 = performance.now();
      do {
        const pid = (
          await admin.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity
              WHERE query = $1 AND state = 'idle' AND pid <> pg_backend_pid() AND pid <> $2`,
            [`LISTEN ${DESIRED_CHANNEL}`, not ?? 0],
          )
        ).rows[0]?.pid;
        if (pid !== undefined) return pid;
        await new Promise((r) => setTimeout(r, 20));
      } while (performance.now() - t0 < within);
      return undefined;
    };
    /** Notify until the watch hears it; milliseconds it took. */
    const heard = async (within: number) => {
      const t0 = performance.now();
      while (performance.now() - t0 < within) {
        await admin.query(`SELECT pg_notify($1, $2)`, [DESIRED_CHANNEL, cluster]);
        if (await watch.next(50)) return performance.now() - t0;
      }
      return Infinity;
    };
    expect(await heard(5000)).toBeLessThan(5000);
    const backAfter: number[] = [];
    let pid = await listenerPid(undefined, 5000);
    for (let cut = 0; cut < 5; cut++) {
      expect(pid).toBeDefined();
      // Drop news heard before the cut (a NOTIFY that arrived after the last wait answered):
      // only what the new connection hears may count.
      while (await watch.next(0));
      const t0 = performance.now();
      await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
      // Back when a new backend listens and a NOTIFY sent to it is heard.
      pid = await listenerPid(pid, BACK_WITHIN_MS * 4);
      expect(pid).toBeDefined();
      // The first answer may be the reconnect's own news; the second can only be a NOTIFY.
      await heard(BACK_WITHIN_MS * 4);
      expect(await heard(BACK_WITHIN_MS * 4)).toBeLessThan(Infinity);
      backAfter.push(Math.round(performance.now() - t0));
    }
    watch.close();
    console.log(JSON.stringify({ listenerBackAfterMs: backAfter }));
    expect(backAfter.filter((ms) => ms > BACK_WITHIN_MS)).toEqual([]);
  });
});
