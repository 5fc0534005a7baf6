import { describe, expect, it } from "vitest";
import { backoffMs, retryDelayMs } from "./backoff";
import { MeridianUnavailable, retryAfterMs } from "./meridian-client";

describe("retry delays", () => {
  it("reads Retry-After as seconds or an HTTP date, and ignores what is not one", () => {
    const now = Date.parse("2026-12-04T12:00:00Z");
    expect(retryAfterMs("5", now)).toBe(5000);
    expect(retryAfterMs(" 0 ", now)).toBe(0);
    expect(retryAfterMs("Fri, 04 Dec 2026 12:00:10 GMT", now)).toBe(10_000);
    expect(retryAfterMs("Fri, 04 Dec 2026 11:00:00 GMT", now)).toBe(0); // in the past
    expect(retryAfterMs("999999", now)).toBe(3_600_000); // capped at an hour
    for (const bad of [null, undefined, "", "soon", "-1", "1.5"])
      expect(retryAfterMs(bad, now)).toBeUndefined();
  });

  it("waits at least what Retry-After asked, with up to half again as jitter", () => {
    const busy = new MeridianUnavailable("503", 5000, "saturated");
    expect(retryDelayMs(busy, 0, () => 0)).toBe(5000);
    expect(retryDelayMs(busy, 0, () => 0.999)).toBe(Math.floor(5000 * 1.4995));
    // Without Retry-After: the plain backoff (the first retry within half a second).
    const plain = new MeridianUnavailable("unreachable");
    expect(retryDelayMs(plain, 0, () => 0.5)).toBe(backoffMs(0, 500, 30_000, () => 0.5));
    // A longer backoff wins over a short Retry-After.
    expect(retryDelayMs(new MeridianUnavailable("503", 1000), 10, () => 0.9)).toBe(
      backoffMs(10, 500, 30_000, () => 0.9),
    );
  });
});
