// One health vocabulary for every screen (issue 36): the map, the service pages and the
// alerts say the same words for the same facts, with the thresholds defined here only.
//   outage   — no endpoint of the instance (or of any instance) is ready
//   degraded — some endpoints are not ready
//   errors   — at least ERROR_RATIO.errors of its requests answer 5xx over the rate window
// The errors threshold is the alert rules' (fleets/prometheus/bookinfo.rules.yml; a test holds
// them equal). docs/metrics.md explains the words and the numbers.

/** Shares of 5xx responses: `warn` colours a call amber, `errors` makes a service red. */
export const ERROR_RATIO = { warn: 0.01, errors: 0.05 } as const;

/** The health words, worst first. */
export const HEALTH_WORDS = ["outage", "degraded", "errors", "healthy"] as const;
/** One health word. */
export type HealthWord = (typeof HEALTH_WORDS)[number];

/** Whether a share of 5xx responses counts as "errors". */
export function hasErrors(errorRatio: number): boolean {
  return errorRatio >= ERROR_RATIO.errors;
}

/** The word for an instance's endpoints and the 5xx share of its inbound requests. */
export function healthWord(ready: number, total: number, errorRatio = 0): HealthWord {
  if (total > 0 && ready === 0) return "outage";
  if (ready < total) return "degraded";
  return hasErrors(errorRatio) ? "errors" : "healthy";
}
