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
    const listenerPid = async () =>
      (
        await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`,
          [`LISTEN ${DESIRED_CHANNEL}`],
        )
      ).rows[0]?.pid;
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
    for (let cut = 0; cut < 5; cut++) {
      const pid = await listenerPid();
      expect(pid).toBeDefined();
      await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
      // A reconnect counts as news (anything may have been missed): drain it, then prove the
      // new connection hears a NOTIFY.
      backAfter.push(Math.round(await heard(BACK_WITHIN_MS * 4)));
    }
    watch.close();
    console.log(JSON.stringify({ listenerBackAfterMs: backAfter }));
    expect(backAfter.filter((ms) => ms > BACK_WITHIN_MS)).toEqual([]);
  });
});
