import type { PlanDto } from "@/components/data/use-intent";
import type { PlanClusterView } from "./plan-cluster-section";
import type { PlanWarningView } from "./plan-warnings";

/** The plan as the review screen shows it: affected clusters first, then the rest, by name. */
export function planView(
  plan: PlanDto,
  clusters: readonly { name: string; displayName: string }[],
): { clusters: PlanClusterView[]; warnings: PlanWarningView[] } {
  const names = new Map(clusters.map((c) => [c.name, c.displayName]));
  const touched = (c: PlanDto["clusters"][number]) => c.create + c.change + c.delete > 0;
  const sorted = [...plan.clusters].sort(
    (a, b) => Number(touched(b)) - Number(touched(a)) || a.cluster.localeCompare(b.cluster),
  );
  return {
    clusters: sorted.map((c) => ({
      cluster: c.cluster,
      displayName: names.get(c.cluster),
      create: c.create,
      change: c.change,
      delete: c.delete,
      diff: c.diff,
    })),
    warnings: plan.warnings.map((w) => ({ ...w })),
  };
}

/** Plan warnings per matrix cell, keyed `namespace/name|cluster`, for the conflict markers. */
export function warningsByCell(plan: PlanDto | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of plan?.warnings ?? []) {
    if (!w.globalService || !w.cluster) continue;
    const key = `${w.globalService}|${w.cluster}`;
    out.set(key, [...(out.get(key) ?? []), w.message]);
  }
  return out;
}
