import "server-only";
import { planeMetrics } from "@/lib/infra/plane-metrics/registry";
import { changeSetStatusSchema } from "@/lib/model/intent";
import { countChangeSetsByStatus } from "@/lib/store/change-sets";
import { watchedClusterCount } from "@/lib/store/desired-notify";

/**
 * Before each scrape of the plane's /metrics: the agents connected to this replica (those with
 * a desired-state stream or long-poll open), and change sets by status, read from the database
 * (every replica reports the same fleet-wide numbers; a dashboard takes max() across them).
 */
export async function refreshPlaneGauges(): Promise<void> {
  planeMetrics().agentsConnected.set(watchedClusterCount());
  const counts = await countChangeSetsByStatus();
  const gauge = planeMetrics().changeSets;
  for (const status of changeSetStatusSchema.options) gauge.labels(status).set(counts[status] ?? 0);
}
