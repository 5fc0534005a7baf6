/** Exponential backoff with full jitter: a random delay in [0, min(cap, base·2^attempt)]. */
export function backoffMs(
  attempt: number,
  baseMs = 500,
  capMs = 30_000,
  random = Math.random,
): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** Math.min(attempt, 20)));
}

/**
 * The wait before retrying after `error`: the exponential backoff, but never less than what
 * the answer's Retry-After asked for, plus up to half of that again as jitter, so a fleet told
 * to wait the same 5 s does not come back in the same instant.
 */
export function retryDelayMs(error: unknown, attempt: number, random = Math.random): number {
  const backoff = backoffMs(attempt, undefined, undefined, random);
  const asked = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  if (typeof asked !== "number" || asked <= 0) return backoff;
  return Math.max(backoff, Math.floor(asked * (1 + random() / 2)));
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
