import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeSseEvent, SSE_KEEP_ALIVE, SseDecoder, type SseEvent } from "./sse";

/** Feed `text` to a fresh decoder in pieces cut at `cuts` (offsets), collecting every event. */
function decodeInPieces(text: string, cuts: number[]): SseEvent[] {
  const decoder = new SseDecoder();
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: SseEvent[] = [];
  let from = 0;
  for (const cut of [...at, text.length]) {
    out.push(...decoder.push(text.slice(from, cut)));
    from = cut;
  }
  return out;
}

const line = fc.string({ maxLength: 40 }).filter((s) => !/[\r\n]/.test(s));
const name = fc.stringMatching(/^[a-z]{1,12}$/);

describe("server-sent events", () => {
  it("reads back what it wrote, however the stream is cut, keep-alives between", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ event: name, data: line }), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (events, cuts) => {
          const text = events.map((e) => encodeSseEvent(e.event, e.data) + SSE_KEEP_ALIVE).join("");
          // An event with no data line is dropped, as the specification says.
          expect(decodeInPieces(text, cuts)).toEqual(events);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("takes CRLF and CR line ends, multi-line data and defaults, even with CRLF split in two", () => {
    const text = "event: a\r\ndata: 1\r\ndata: 2\r\n\r\n: comment\rdata:x\r\r\n";
    const whole = decodeInPieces(text, []);
    expect(whole).toEqual([
      { event: "a", data: "1\n2" },
      { event: "message", data: "x" },
    ]);
    for (let cut = 0; cut <= text.length; cut++) expect(decodeInPieces(text, [cut])).toEqual(whole);
  });

  it("sends nothing for comments and lines without data, and holds an unfinished event", () => {
    const decoder = new SseDecoder();
    expect(decoder.push(": hello\n\nevent: only-a-name\n\n")).toEqual([]);
    expect(decoder.push('event: desired\ndata: {"generation":')).toEqual([]);
    expect(decoder.pending).toBeGreaterThan(0);
    expect(decoder.push("3}\n\n")).toEqual([{ event: "desired", data: '{"generation":3}' }]);
    expect(decoder.pending).toBe(0);
  });

  it("refuses to encode a line break, which would split the event", () => {
    expect(() => encodeSseEvent("desired", "a\nb")).toThrow(/single lines/);
    expect(() => encodeSseEvent("x\r", "a")).toThrow(/single lines/);
  });
});
