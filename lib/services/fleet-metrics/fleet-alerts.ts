import "server-only";
import type { RawAlert } from "@/lib/domain/alert-model";
import type { RollupService } from "@/lib/domain/alert-rollup";
import { computeFleetAlerts } from "@/lib/domain/fleet-alerts";
import { readAlertFleet } from "@/lib/store/alert-fleet";
import { staleness } from "@/lib/store/cluster-view";

/** The fleet as the alert pipeline sees it. */
export interface AlertFleet {
  /** Global services and the clusters each runs in (live and pending clusters). */
  services: RollupService[];
  /** Meridian's own alerts. */
  fleetAlerts: RawAlert[];
}

/** Reads the fleet and computes Meridian's fleet alerts. */
export async function loadAlertFleet(): Promise<AlertFleet> {
  const { clusters, inventory, intents, services, trust, exportStatuses, drifted } =
    await readAlertFleet();
  const { now, after } = staleness();
  return {
    services,
    fleetAlerts: computeFleetAlerts({
      clusters,
      drifted,
      exportStatuses,
      inventory,
      intents,
      now,
      staleAfterSeconds: after,
      trust,
    }),
  };
}
