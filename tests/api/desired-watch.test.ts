// A long-poll watches its cluster before it reads the desired state, so a change announced in
// between is not lost (the lost wake-up left an agent waiting for its long-poll to run out).
import { describe, expect, it } from "vitest";
import {
  announceLocally,
  announceRevokedLocally,
  desiredWatchCount,
  watchDesiredChanges,
} from "@/lib/store/desired-notify";

describe("watchDesiredChanges", () => {
  it("keeps a change heard before next() is called, once", async () => {
    const watch = watchDesiredChanges("watch-a");
    announceLocally("watch-a"); // e.g. committed while the request was reading
    const t0 = performance.now();
    expect(await watch.next(5_000)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(await watch.next(50)).toBe(false);
    watch.close();
  });

  it("wakes a waiting next() at once, ignores other clusters, and stops hearing after close", async () => {
    const watch = watchDesiredChanges("watch-b");
    const waiting = watch.next(5_000);
    announceLocally("watch-c");
    setTimeout(() => announceLocally("watch-b"), 20);
    expect(await waiting).toBe(true);
    watch.close();
    announceLocally("watch-b");
    expect(await watch.next(50)).toBe(false);
  });

  it("answers false when the request is aborted", async () => {
    const watch = watchDesiredChanges("watch-d");
    const abort = new AbortController();
    const waiting = watch.next(5_000, abort.signal);
    abort.abort();
    expect(await waiting).toBe(false);
    watch.close();
  });

  it("fans one cluster's news out to that cluster's watches only, and forgets closed ones (issue 23)", async () => {
    const before = desiredWatchCount();
    // A fleet's worth of streams on one replica, two on the first cluster.
    const watches = Array.from({ length: 2000 }, (_, i) => watchDesiredChanges(`fan-${i}`));
    const second = watchDesiredChanges("fan-0");
    expect(desiredWatchCount()).toBe(before + 2001);

    announceLocally("fan-0");
    announceRevokedLocally("fan-7"); // a revocation wakes its own cluster's watches only
    const heard = await Promise.all(watches.map((w) => w.next(0)));
    expect(heard.flatMap((h, i) => (h ? [i] : []))).toEqual([0, 7]);
    expect(await second.next(0)).toBe(true);

    for (const w of watches) w.close();
    second.close();
    expect(desiredWatchCount()).toBe(before);
    announceLocally("fan-0");
    expect(await second.next(0)).toBe(false);
  });
});
