// A tiny counting semaphore: at most `limit` tasks run at once, the rest wait in order — at
// most `maxWaiting` of them and for at most `maxWaitMs`, when given: past either, admission
// control refuses (at once, or when the wait runs out), and the task never runs.

/** The task never ran: the queue was full, or it waited too long (the caller may answer 503). */
export class QueueFullError extends Error {
  override name = "QueueFullError";
  constructor(
    readonly waiting: number,
    readonly reason: "full" | "waited" = "full",
  ) {
    super(
      reason === "full"
        ? `${waiting} tasks already wait; refused without running`
        : "waited too long for a slot; refused without running",
    );
  }
}

export type SemaphoreOptions = {
  /** A waiter still waiting after this long leaves the queue with QueueFullError("waited"). */
  maxWaitMs?: number;
  /** Milliseconds, for the hold-time estimate (tests). */
  clock?: () => number;
};

/** Weight of the newest hold time in the moving average. */
const EWMA_WEIGHT = 0.2;

/**
 * A released slot passes straight to the next waiter, so the limit holds even between release
 * and resume; a waiter whose signal aborts leaves the queue.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private meanHoldMs = 0;
  /** The last turn booked for a refused caller (retryAfterSeconds). */
  private nextTurnAt = 0;
  private readonly clock: () => number;
  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Infinity,
    private readonly options: SemaphoreOptions = {},
  ) {
    this.clock = options.clock ?? (() => performance.now());
  }

  /** Tasks running and waiting now (metrics, tests). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /**
   * Seconds a refused caller should wait before it retries: past the backlog's drain time (the
   * tasks running and waiting, over the slots, times the measured mean hold time), each refusal
   * is booked the next free turn after the previous refusal's, so a crowd refused together is
   * told to come back spread at the rate the slots free up — not all at once. 0 before any task
   * finished.
   */
  retryAfterSeconds(): number {
    const perTurnMs = this.meanHoldMs / this.limit;
    const now = this.clock();
    const drained = now + (this.active + this.waiting.length) * perTurnMs;
    this.nextTurnAt = Math.max(this.nextTurnAt, drained) + perTurnMs;
    return (this.nextTurnAt - now) / 1000;
  }

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError(this.waiting.length);
      await this.wait(signal);
    }
    const started = this.clock();
    try {
      return await fn();
    } finally {
      const held = this.clock() - started;
      this.meanHoldMs = this.meanHoldMs
        ? this.meanHoldMs + EWMA_WEIGHT * (held - this.meanHoldMs)
        : held;
      this.release();
    }
  }

  /** Wait for a slot handed over by `release`; leave the queue on abort or past maxWaitMs. */
  private async wait(signal?: AbortSignal): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve, reject) => {
      const leave = (reason: unknown) => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        signal?.removeEventListener("abort", onAbort);
        reject(reason);
      };
      const onAbort = () => {
        clearTimeout(timer);
        leave(signal!.reason);
      };
      const wake = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      if (this.options.maxWaitMs !== undefined)
        timer = setTimeout(
          () => leave(new QueueFullError(this.waiting.length - 1, "waited")),
          this.options.maxWaitMs,
        );
      this.waiting.push(wake);
    });
    if (signal?.aborted) {
      this.release();
      throw signal.reason;
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
