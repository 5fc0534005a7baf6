// A tiny counting semaphore: at most `limit` tasks run at once, the rest wait in order — at
// most `maxWaiting` of them, when given: past that, admission control refuses at once.

/** The queue was full: the task never ran (the caller may answer 503 and let its client retry). */
export class QueueFullError extends Error {
  override name = "QueueFullError";
  constructor(readonly waiting: number) {
    super(`${waiting} tasks already wait; refused without running`);
  }
}

/**
 * A released slot passes straight to the next waiter, so the limit holds even between release
 * and resume; a waiter whose signal aborts leaves the queue.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Infinity,
  ) {}

  /** Tasks running and waiting now (metrics, tests). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError(this.waiting.length);
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          this.waiting.splice(this.waiting.indexOf(wake), 1);
          reject(signal!.reason);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        this.waiting.push(wake);
      });
      if (signal?.aborted) {
        this.release();
        throw signal.reason;
      }
    }
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
