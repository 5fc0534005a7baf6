import { describe, expect, it } from "vitest";

import { fitViewport } from "./fit-view";

describe("fitViewport", () => {
  const range = { min: 0.05, max: 1.5 };

  it("centres the extent at the zoom that fits it, never above the reading size", () => {
    const v = fitViewport({ x1: 0, y1: 0, x2: 1000, y2: 500 }, { width: 548, height: 548 }, range);
    expect(v.zoom).toBe(0.5);
    expect(v.pan).toEqual({ x: 24, y: 149 });
    expect(
      fitViewport({ x1: 0, y1: 0, x2: 10, y2: 10 }, { width: 800, height: 600 }, range).zoom,
    ).toBe(1.5);
  });

  it("keeps the zoom in range on a narrow screen, centred", () => {
    // The 2,000-service map, 390 px wide: the fitting zoom (0.03) is below the minimum.
    const v = fitViewport(
      { x1: 0, y1: 0, x2: 11_400, y2: 2_000 },
      { width: 390, height: 800 },
      range,
    );
    expect(v.zoom).toBe(0.05);
    expect(v.pan).toEqual({ x: 195 - 0.05 * 5_700, y: 400 - 0.05 * 1_000 });
  });
});
