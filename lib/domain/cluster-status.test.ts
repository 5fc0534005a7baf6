import { describe, expect, it } from "vitest";
import { agentStatus, isStale } from "@/lib/domain/cluster-status";
import { endpointHealth, totalEndpoints } from "@/lib/domain/endpoints";

const now = new Date("2026-12-02T12:00:00Z");
const ago = (s: number) => new Date(now.getTime() - s * 1000);

describe("staleness and agent status", () => {
  it("is stale only past the threshold", () => {
    expect(isStale(ago(89), now, 90)).toBe(false);
    expect(isStale(ago(91), now, 90)).toBe(true);
    expect(isStale(null, now, 90)).toBe(false);
  });
  it("maps state and last report to a status", () => {
    expect(agentStatus("pending", ago(1), now, 90)).toBe("pending");
    expect(agentStatus("live", null, now, 90)).toBe("never");
    expect(agentStatus("live", ago(10), now, 90)).toBe("connected");
    expect(agentStatus("live", ago(600), now, 90)).toBe("stale");
  });
});

describe("endpoint health", () => {
  it("tells healthy, degraded, down and unknown apart", () => {
    expect(endpointHealth(3, 3)).toBe("healthy");
    expect(endpointHealth(1, 3)).toBe("degraded");
    expect(endpointHealth(0, 3)).toBe("down");
    expect(endpointHealth(0, 0)).toBe("down");
    expect(endpointHealth(3, 3, true)).toBe("unknown");
  });
  it("sums zones", () => {
    expect(totalEndpoints({ a: { ready: 1, total: 2 }, b: { ready: 2, total: 2 } })).toEqual({
      ready: 3,
      total: 4,
    });
  });
});
