import type { ReportedService } from "@/lib/agent-protocol/snapshot";

/** Ready and total endpoint counts summed over all zones of a service. */
export function totalEndpoints(byZone: ReportedService["endpointsByZone"]): {
  ready: number;
  total: number;
} {
  let ready = 0;
  let total = 0;
  for (const zone of Object.values(byZone)) {
    ready += zone.ready;
    total += zone.total;
  }
  return { ready, total };
}

/** Health of one service instance, from its endpoints. */
export type EndpointHealth = "healthy" | "degraded" | "down" | "unknown";

/**
 * Healthy when every endpoint is ready, degraded when some are, down when none are.
 * A stale cluster's counts are not trusted: its health is unknown, never "0 endpoints".
 */
export function endpointHealth(ready: number, total: number, stale = false): EndpointHealth {
  if (stale) return "unknown";
  if (total === 0 || ready === 0) return "down";
  return ready === total ? "healthy" : "degraded";
}
