import "server-only";
import {
  STREAM_KEEP_ALIVE_SECONDS,
  STREAM_MAX_SECONDS,
  type DesiredResponse,
} from "@/lib/agent-protocol/messages";
import { watchDesiredChanges } from "@/lib/store/desired-notify";
import { readDesiredStateForAgent } from "@/lib/store/desired-state";
import { log } from "@/lib/infra/log";

// One agent's desired state as a stream of events (lib/api/desired-sse.ts sends them as
// server-sent events), and the long-poll that answers once. Against the long-poll, a change
// costs each agent one pushed event instead of an answer plus the request that asks again, and
// the woken replica's reads of the same NOTIFY still share one statement (microBatch).

/** What the stream carries: a new desired state, or a sign of life while nothing changes. */
export type DesiredStreamEvent =
  { type: "keep-alive" } | { type: "desired"; desired: DesiredResponse };

export type DesiredStreamOptions = {
  clusterName: string;
  /** The generation the agent already has: only newer ones are sent. */
  after: number;
  /** Aborted when the agent goes away. */
  signal: AbortSignal;
  /** Re-checked after every wake-up: a revoked credential ends the stream. */
  stillValid: () => Promise<boolean>;
  keepAliveMs?: number;
  maxMs?: number;
};

/** Close or error a stream that its reader may already have cancelled (then a no-op). */
function settle(end: () => void): void {
  try {
    end();
  } catch {
    // Already closed by the reader going away: nothing left to tell.
  }
}

/**
 * Open the stream: watch first, then read, so nothing committed in between is missed. The
 * first read happens before anything is answered — a database failure is a 5xx the agent backs
 * off from, not a stream that ends at once and is reopened in a tight loop. A later failure
 * errors the stream (the agent sees a broken connection and backs off too); the stream ends
 * cleanly after `maxMs` or when the credential is no longer valid, and the agent reconnects.
 *
 * Pulled, one event per read (no queue of its own): while the agent does not read (a slow link,
 * a stuck process), nothing is produced, and the changes it misses meanwhile fold into one read
 * of the latest generation when it reads again. What a stream holds is one desired set at most,
 * whatever the number of changes (issue 23: memory per stream bounded).
 */
export async function openDesiredEvents(
  o: DesiredStreamOptions,
): Promise<ReadableStream<DesiredStreamEvent>> {
  const watch = watchDesiredChanges(o.clusterName);
  let desired: DesiredResponse | null;
  try {
    desired = await readDesiredStateForAgent(o.clusterName);
  } catch (error) {
    watch.close();
    throw error;
  }
  const stop = new AbortController();
  // The agent went away: stop watching at once, even with no read pending (a stuck pipe).
  const onGone = () => {
    stop.abort();
    watch.close();
  };
  if (o.signal.aborted) onGone();
  else o.signal.addEventListener("abort", onGone, { once: true });
  const keepAliveMs = o.keepAliveMs ?? STREAM_KEEP_ALIVE_SECONDS * 1000;
  const deadline = Date.now() + (o.maxMs ?? STREAM_MAX_SECONDS * 1000);
  const finish = () => {
    watch.close();
    o.signal.removeEventListener("abort", onGone);
  };

  let sent = o.after;
  // Answered at once, so the agent knows it is connected before any change.
  let greeted = false;
  /** The next event, or null when the stream ends. */
  const next = async (): Promise<DesiredStreamEvent | null> => {
    if (!greeted) {
      greeted = true;
      return { type: "keep-alive" };
    }
    for (;;) {
      if (desired && desired.generation > sent) {
        sent = desired.generation;
        const event = { type: "desired" as const, desired };
        desired = null;
        return event;
      }
      const left = deadline - Date.now();
      if (left <= 0 || stop.signal.aborted) return null;
      if (!(await watch.next(Math.min(left, keepAliveMs), stop.signal))) {
        return stop.signal.aborted || Date.now() >= deadline ? null : { type: "keep-alive" };
      }
      if (stop.signal.aborted || !(await o.stillValid())) return null;
      desired = await readDesiredStateForAgent(o.clusterName);
    }
  };

  return new ReadableStream<DesiredStreamEvent>(
    {
      async pull(controller) {
        let event: DesiredStreamEvent | null;
        try {
          event = await next();
        } catch (error) {
          finish();
          log.warn("desired-state stream failed; the agent will reconnect", {
            cluster: o.clusterName,
            error: String(error),
          });
          return settle(() => controller.error(error));
        }
        if (event && !stop.signal.aborted) return controller.enqueue(event);
        finish();
        settle(() => controller.close());
      },
      cancel() {
        stop.abort();
        finish();
      },
    },
    // Nothing is produced ahead of the reader.
    { highWaterMark: 0 },
  );
}

/**
 * The long-poll: the cluster's desired state once it is newer than `after`, or null when
 * `waitMs` passed (or the agent went away) first. Watches before reading, so a change committed
 * during the read still wakes it.
 */
export async function waitForDesired(o: {
  clusterName: string;
  after: number;
  waitMs: number;
  signal: AbortSignal;
}): Promise<DesiredResponse | null> {
  const deadline = Date.now() + o.waitMs;
  const watch = watchDesiredChanges(o.clusterName);
  try {
    for (;;) {
      const desired = await readDesiredStateForAgent(o.clusterName);
      if (desired && desired.generation > o.after) return desired;
      const left = deadline - Date.now();
      if (left <= 0 || o.signal.aborted) return null;
      await watch.next(left, o.signal);
    }
  } finally {
    watch.close();
  }
}
