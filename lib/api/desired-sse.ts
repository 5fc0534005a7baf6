import "server-only";
import { DESIRED_EVENT } from "@/lib/agent-protocol/messages";
import { encodeSseEvent, SSE_KEEP_ALIVE } from "@/lib/agent-protocol/sse";
import {
  openDesiredEvents,
  type DesiredStreamEvent,
  type DesiredStreamOptions,
} from "@/lib/services/agents/desired-stream";

const encoder = new TextEncoder();

/** One desired-stream event as server-sent-event bytes. */
function encode(event: DesiredStreamEvent): Uint8Array {
  return encoder.encode(
    event.type === "desired"
      ? encodeSseEvent(DESIRED_EVENT, JSON.stringify(event.desired))
      : SSE_KEEP_ALIVE,
  );
}

/** The agent's desired-state stream as a `text/event-stream` body. */
export async function openDesiredStream(
  o: DesiredStreamOptions,
): Promise<ReadableStream<Uint8Array>> {
  const events = await openDesiredEvents(o);
  return events.pipeThrough(
    new TransformStream<DesiredStreamEvent, Uint8Array>({
      transform: (event, out) => out.enqueue(encode(event)),
    }),
  );
}

/** Response headers of an event stream: no compression or buffering on the way. */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;
