import "server-only";
// Calls made in the same turn of the event loop, sent to the database as one statement. When
// one intent change wakes a hundred agents, their desired-state reads and their
// acknowledgements arrive within milliseconds of each other: a hundred statements queueing for
// the pool become a few.

/**
 * Wrap `run` (one statement for many items, answering one result per item, in order) so that
 * single calls of the same moment share one `run`. With `key`, an item whose key is already in
 * the pending batch waits for the next batch, so `run` never sees one key twice (a write that
 * may touch each row once); without it, every pending item goes in. If `run` fails, every call
 * of that batch fails with its error.
 */
export function microBatch<I, R>(
  run: (items: I[]) => Promise<R[]>,
  key?: (item: I) => string,
): (item: I) => Promise<R> {
  type Pending = { item: I; resolve: (r: R) => void; reject: (e: unknown) => void };
  let queue: Pending[] = [];
  let scheduled = false;

  const flush = async (): Promise<void> => {
    scheduled = false;
    const seen = new Set<string>();
    const now: Pending[] = [];
    const later: Pending[] = [];
    for (const p of queue) {
      const k = key?.(p.item);
      (k !== undefined && seen.has(k) ? later : now).push(p);
      if (k !== undefined) seen.add(k);
    }
    queue = later;
    if (later.length) schedule();
    try {
      const results = await run(now.map((p) => p.item));
      now.forEach((p, i) => p.resolve(results[i]!));
    } catch (error) {
      for (const p of now) p.reject(error);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
