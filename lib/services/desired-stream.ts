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
 */
export async function openDesiredEvents(
  o: DesiredStreamOptions,
): Promise<ReadableStream<DesiredStreamEvent>> {
  const watch = watchDesiredChanges(o.clusterName);
  let first: DesiredResponse | null;
  try {
    first = await readDesiredStateForAgent(o.clusterName);
  } catch (error) {
    watch.close();
    throw error;
  }
  const stop = new AbortController();
  const onGone = () => stop.abort();
  if (o.signal.aborted) stop.abort();
  else o.signal.addEventListener("abort", onGone, { once: true });
  const keepAliveMs = o.keepAliveMs ?? STREAM_KEEP_ALIVE_SECONDS * 1000;
  const deadline = Date.now() + (o.maxMs ?? STREAM_MAX_SECONDS * 1000);

  let sent = o.after;
  const run = async (controller: ReadableStreamDefaultController<DesiredStreamEvent>) => {
    const push = (event: DesiredStreamEvent) => {
      if (!stop.signal.aborted) controller.enqueue(event);
    };
    let desired = first;
    first = null;
    // Answered at once, so the agent knows it is connected before any change.
    push({ type: "keep-alive" });
    for (;;) {
      if (desired && desired.generation > sent) {
        push({ type: "desired", desired });
        sent = desired.generation;
      }
      let changed = false;
      while (!changed) {
        const left = deadline - Date.now();
        if (left <= 0 || stop.signal.aborted) return;
        changed = await watch.next(Math.min(left, keepAliveMs), stop.signal);
        if (!changed) push({ type: "keep-alive" });
      }
      if (stop.signal.aborted || !(await o.stillValid())) return;
      desired = await readDesiredStateForAgent(o.clusterName);
    }
  };

  const finish = () => {
    watch.close();
    o.signal.removeEventListener("abort", onGone);
  };
  return new ReadableStream<DesiredStreamEvent>({
    start(controller) {
      // Not awaited: the stream is handed out while this runs for as long as it lasts.
      run(controller).then(
        () => {
          finish();
          settle(() => controller.close());
        },
        (error: unknown) => {
          finish();
          log.warn("desired-state stream failed; the agent will reconnect", {
            cluster: o.clusterName,
            error: String(error),
          });
          settle(() => controller.error(error));
        },
      );
    },
    cancel() {
      stop.abort();
    },
  });
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
