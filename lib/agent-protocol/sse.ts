// Server-sent events (https://html.spec.whatwg.org/multipage/server-sent-events.html), the
// part the agent's desired-state stream uses: named events with one-line JSON data, and comment
// lines as keep-alives. Shared by Meridian (encode) and the agent (decode).

const LINE_END = /\r\n|\r|\n/g;

/** One event as read off the stream: its name ("message" when none) and its data. */
export type SseEvent = { event: string; data: string };

/** Encode one named event; `data` must not contain a line break (JSON.stringify's output). */
export function encodeSseEvent(event: string, data: string): string {
  if (/[\r\n]/.test(event) || /[\r\n]/.test(data))
    throw new Error("SSE event names and data must be single lines");
  return `event: ${event}\ndata: ${data}\n\n`;
}

/** A comment line: ignored by readers, keeps proxies and the reader's idle timer from closing. */
export const SSE_KEEP_ALIVE = ": keep-alive\n\n";

/**
 * Incremental SSE reader: feed it text as it arrives, in chunks split anywhere, and it returns
 * the events completed so far. Handles LF, CRLF and CR line ends, comments, and multi-line data
 * (joined with "\n") as the specification says; `id` and `retry` fields are ignored.
 */
export class SseDecoder {
  private buffer = "";
  /** How far into `buffer` no line end was found (the last character is searched again). */
  private scanned = 0;
  private event = "";
  private data: string[] = [];

  /** Events completed by this chunk, in order. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const out: SseEvent[] = [];
    let start = 0;
    for (;;) {
      // Search only the new text: a large event arrives in many chunks of one long line.
      LINE_END.lastIndex = Math.max(start, this.scanned);
      const found = LINE_END.exec(this.buffer);
      if (!found) break;
      const end = found.index;
      // A CR at the very end may be the first half of a CRLF still in flight.
      if (found[0] === "\r" && end === this.buffer.length - 1) break;
      const done = this.line(this.buffer.slice(start, end));
      if (done) out.push(done);
      start = end + found[0].length;
    }
    this.buffer = this.buffer.slice(start);
    this.scanned = Math.max(0, this.buffer.length - 1);
    return out;
  }

  /** Characters held for a line not yet ended (bounds what a peer can make us buffer). */
  get pending(): number {
    return this.buffer.length + this.data.reduce((n, d) => n + d.length, 0);
  }

  private line(line: string): SseEvent | null {
    if (line === "") {
      const done = this.data.length
        ? { event: this.event || "message", data: this.data.join("\n") }
        : null;
      this.event = "";
      this.data = [];
      return done;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") this.data.push(value);
    return null;
  }
}
