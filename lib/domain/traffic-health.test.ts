import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ERROR_RATIO, healthWord } from "./traffic-health";

describe("the health vocabulary", () => {
  it("names outage, degraded, errors and healthy by the thresholds defined once", () => {
    expect(healthWord(0, 2)).toBe("outage");
    expect(healthWord(1, 2, 0.5)).toBe("degraded");
    expect(healthWord(2, 2, 0.05)).toBe("errors");
    expect(healthWord(2, 2, 0.03)).toBe("healthy");
  });

  it("uses the alert rules' error threshold, so the map turns red when the alert would fire", () => {
    const rules = readFileSync(
      path.resolve(import.meta.dirname, "../../fleets/prometheus/bookinfo.rules.yml"),
      "utf8",
    );
    const thresholds = [...rules.matchAll(/^\s*> ([0-9.]+),?$/gm)].map((m) => Number(m[1]));
    // The two ServiceErrorRateHigh rules (Istio, Linkerd); the latency rule compares to 250 ms.
    expect(thresholds.filter((t) => t < 1)).toEqual([ERROR_RATIO.errors, ERROR_RATIO.errors]);
  });
});
