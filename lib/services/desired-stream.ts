import "server-only";
import {
  DESIRED_EVENT,
  STREAM_KEEP_ALIVE_SECONDS,
  STREAM_MAX_SECONDS,
  type DesiredResponse,
} from "@/lib/agent-protocol/messages";
import { encodeSseEvent, SSE_KEEP_ALIVE } from "@/lib/agent-protocol/sse";
import { watchDesiredChanges } from "@/lib/store/desired-notify";
import { readDesiredStateForAgent } from "@/lib/store/desired-state";
import { log } from "@/lib/infra/log";

// One agent's desired state as a stream of server-sent events. Against the long-poll, a change
// costs each agent one pushed event instead of an answer plus the request that asks again, and
// the woken replica's reads of the same NOTIFY still share one statement (microBatch).

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

const encoder = new TextEncoder();

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
export async function openDesiredStream(o: DesiredStreamOptions): Promise<ReadableStream> {
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
  const run = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    const push = (text: string) => {
      if (!stop.signal.aborted) controller.enqueue(encoder.encode(text));
    };
    let desired = first;
    first = null;
    // Answered at once, so the agent knows it is connected before any change.
    push(SSE_KEEP_ALIVE);
    for (;;) {
      if (desired && desired.generation > sent) {
        push(encodeSseEvent(DESIRED_EVENT, JSON.stringify(desired)));
        sent = desired.generation;
      }
      let changed = false;
      while (!changed) {
        const left = deadline - Date.now();
        if (left <= 0 || stop.signal.aborted) return;
        changed = await watch.next(Math.min(left, keepAliveMs), stop.signal);
        if (!changed) push(SSE_KEEP_ALIVE);
      }
      if (stop.signal.aborted || !(await o.stillValid())) return;
      desired = await readDesiredStateForAgent(o.clusterName);
    }
  };

  const finish = () => {
    watch.close();
    o.signal.removeEventListener("abort", onGone);
  };
  return new ReadableStream<Uint8Array>({
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
