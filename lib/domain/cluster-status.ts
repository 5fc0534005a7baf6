/** Agent status as shown to operators. */
export type AgentStatus = "connected" | "stale" | "pending" | "never";

/** True when the cluster's agent has been silent for longer than the threshold. */
export function isStale(lastSeenAt: Date | null, now: Date, staleAfterSeconds: number): boolean {
  return lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() > staleAfterSeconds * 1000;
}

/**
 * Pending until an admin accepts the cluster (or before its agent ever reported); then
 * connected while it reports, stale once it falls silent past the threshold.
 */
export function agentStatus(
  state: "pending" | "live" | "disabled",
  lastSeenAt: Date | null,
  now: Date,
  staleAfterSeconds: number,
): AgentStatus {
  if (state === "pending") return "pending";
  if (!lastSeenAt) return "never";
  return isStale(lastSeenAt, now, staleAfterSeconds) ? "stale" : "connected";
}
