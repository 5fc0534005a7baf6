// The acknowledgement after a drift check: the last results with drifted objects marked.
import type { ResourceResult } from "../../lib/agent-protocol/messages";
import { refKey } from "../../lib/meshes/kit/resources";
import type { Drift } from "./cluster-interfaces";

/**
 * `results` with each object of `drift` marked drifted (with why), and each object marked
 * drifted before that holds Meridian's values again (someone put them back) as unchanged.
 * Results of failed applies keep their failure: the apply's own message says more.
 */
export function withDrift(
  results: readonly ResourceResult[],
  drift: readonly Drift[],
): ResourceResult[] {
  const found = new Map(drift.map((d) => [d.key, d.message]));
  return results.map((r) => {
    const message = found.get(refKey(r));
    if (
      message !== undefined &&
      (r.result === "applied" || r.result === "unchanged" || r.result === "drifted")
    )
      return { ...r, result: "drifted", message };
    if (message === undefined && r.result === "drifted")
      return { ...r, result: "unchanged", message: "" };
    return r;
  });
}
