import { describe, expect, it } from "vitest";
import { QueueFullError, Semaphore } from "./semaphore";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("Semaphore", () => {
  it("runs at most `limit` tasks at once, the rest in arrival order", async () => {
    const s = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        s.run(async () => {
          running++;
          peak = Math.max(peak, running);
          order.push(i);
          await tick();
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(s.load).toEqual({ active: 0, waiting: 0 });
  });

  it("frees the slot of a task that throws", async () => {
    const s = new Semaphore(1);
    await expect(s.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await s.run(async () => "next")).toBe("next");
    expect(s.load).toEqual({ active: 0, waiting: 0 });
  });

  it("drops a waiter whose signal aborts, without running it", async () => {
    const s = new Semaphore(1);
    let release!: () => void;
    const first = s.run(() => new Promise<void>((r) => (release = r)));
    const abort = new AbortController();
    let ran = false;
    const waiting = s.run(async () => void (ran = true), abort.signal);
    expect(s.load).toEqual({ active: 1, waiting: 1 });
    abort.abort(new Error("gave up"));
    await expect(waiting).rejects.toThrow("gave up");
    expect(s.load).toEqual({ active: 1, waiting: 0 });
    release();
    await first;
    expect(ran).toBe(false);
    expect(s.load).toEqual({ active: 0, waiting: 0 });
  });

  it("refuses past `maxWaiting` at once, without running the task, and admits again once a slot frees", async () => {
    const s = new Semaphore(1, 2);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ran: string[] = [];
    const first = s.run(async () => {
      ran.push("first");
      await gate;
    });
    const queued = [s.run(async () => void ran.push("a")), s.run(async () => void ran.push("b"))];
    await expect(s.run(async () => void ran.push("refused"))).rejects.toBeInstanceOf(
      QueueFullError,
    );
    expect(s.load).toEqual({ active: 1, waiting: 2 });
    release();
    await Promise.all([first, ...queued]);
    await s.run(async () => void ran.push("after"));
    expect(ran).toEqual(["first", "a", "b", "after"]);
  });
  it("refuses a waiter that waited past `maxWaitMs`, without running it", async () => {
    const s = new Semaphore(1, Infinity, { maxWaitMs: 20 });
    let release!: () => void;
    const first = s.run(() => new Promise<void>((r) => (release = r)));
    let ran = false;
    const waiting = s.run(async () => void (ran = true));
    const refused = await waiting.catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect((refused as QueueFullError).reason).toBe("waited");
    expect(s.load).toEqual({ active: 1, waiting: 0 });
    release();
    await first;
    expect(ran).toBe(false);
    expect(s.load).toEqual({ active: 0, waiting: 0 });
  });

  it("books refused callers successive turns after the backlog, at the measured rate", async () => {
    let now = 0;
    const s = new Semaphore(2, Infinity, { clock: () => now });
    expect(s.retryAfterSeconds()).toBe(0); // nothing measured yet
    const gates: Array<() => void> = [];
    const hold = () => new Promise<void>((r) => gates.push(r));
    const done = [s.run(hold), s.run(hold)];
    await tick();
    now += 4_000; // both held for 4 s: a turn every 2 s with two slots
    gates.splice(0).forEach((open) => open());
    await Promise.all(done);
    // Two running and four waiting drain in 12 s; refusals then get one turn each.
    const busy = Array.from({ length: 6 }, () => s.run(hold));
    await tick();
    expect(s.load).toEqual({ active: 2, waiting: 4 });
    expect(s.retryAfterSeconds()).toBeCloseTo(14, 5);
    expect(s.retryAfterSeconds()).toBeCloseTo(16, 5);
    now += 10_000; // time passes, but nothing finished: the turns start after the backlog again
    expect(s.retryAfterSeconds()).toBeCloseTo(14, 5);
    for (let i = 0; i < 3; i++) {
      gates.splice(0).forEach((open) => open());
      await tick();
    }
    await Promise.all(busy);
  });
});
