import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines } from "./line-diff";

/** LCS length by the textbook table, over the whole input (no head/tail shortcut). */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(up, row[j - 1]!);
      diag = up;
    }
  }
  return row[b.length]!;
}

// Few distinct lines, so the two sides share many of them in shifting places.
const lines = fc.array(fc.constantFrom("a: 1", "b: 2", "c: 3", "  - x", "  - y", ""), {
  maxLength: 30,
});

describe("diffLines", () => {
  it("rebuilds both sides and keeps a longest common subsequence (fast-check)", () => {
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const diff = diffLines(before, after);
        expect(diff.filter((l) => l.op !== "+").map((l) => l.text)).toEqual(before);
        expect(diff.filter((l) => l.op !== "-").map((l) => l.text)).toEqual(after);
        expect(diff.filter((l) => l.op === " ").length).toBe(lcsLength(before, after));
      }),
      { numRuns: 2000 },
    );
  });

  it("marks one changed line in the middle of a long document", () => {
    const before = Array.from({ length: 200 }, (_, i) => `line ${i}`);
    const after = before.map((l, i) => (i === 120 ? "line 120 changed" : l));
    const changed = diffLines(before, after).filter((l) => l.op !== " ");
    expect(changed).toEqual([
      { op: "-", text: "line 120" },
      { op: "+", text: "line 120 changed" },
    ]);
  });
});
