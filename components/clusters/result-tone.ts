import type { ClusterObject } from "@/lib/model/agents";
import type { BadgeTone } from "@/components/ui/badge";

/** The badge tone of an agent's per-object result (and of an object not reported on yet). */
export const RESULT_TONE: Record<ClusterObject["state"], BadgeTone> = {
  applied: "success",
  unchanged: "neutral",
  pruned: "neutral",
  conflict: "warning",
  invalid: "danger",
  "crd-missing": "warning",
  error: "danger",
  drifted: "warning",
  pending: "neutral",
};
