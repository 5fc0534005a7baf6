/** Exponential backoff with full jitter: a random delay in [0, min(cap, base·2^attempt)]. */
export function backoffMs(
  attempt: number,
  baseMs = 500,
  capMs = 30_000,
  random = Math.random,
): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** Math.min(attempt, 20)));
}

/** Sleep, waking early (resolving) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done);
  });
}
