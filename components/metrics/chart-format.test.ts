import { describe, expect, it } from "vitest";

import { formatMs, formatPercent, formatRate, latest, niceTicks } from "./chart-format";

describe("chart formatting", () => {
  it("picks round ticks from zero that cover the maximum", () => {
    expect(niceTicks(3.8)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(47)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    for (const max of [0.07, 1.3, 12, 999, 12_345]) {
      const t = niceTicks(max);
      expect(t[0]).toBe(0);
      expect(t.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(6);
    }
  });

  it("formats rates, ratios and latencies compactly", () => {
    expect([0, 0.42, 7, 12.34, 250, 1500].map(formatRate)).toEqual([
      "0/s",
      "0.42/s",
      "7/s",
      "12.3/s",
      "250/s",
      "1.5k/s",
    ]);
    expect([null, 0, 0.0004, 0.012, 0.25].map(formatPercent)).toEqual([
      "—",
      "0%",
      "<0.1%",
      "1.2%",
      "25%",
    ]);
    expect([0, 4.24, 43.6, 1400, 12_000].map(formatMs)).toEqual([
      "0 ms",
      "4.2 ms",
      "44 ms",
      "1.4 s",
      "12 s",
    ]);
    expect(latest([1, 2, null])).toBe(2);
    expect(latest([null])).toBeNull();
  });
});
