import "server-only";
import type { RawAlert } from "@/lib/domain/alert-model";
import type { RollupService } from "@/lib/domain/alert-rollup";
import { computeFleetAlerts } from "@/lib/domain/fleet-alerts";
import { readAlertFleet } from "@/lib/store/alert-fleet";
import { staleness } from "@/lib/store/cluster-view";
import { unmanagedTrafficAlerts } from "@/lib/domain/unmanaged-traffic";
import { observedUnmanagedCalls } from "@/lib/services/inventory/topology-default-service";

/** The fleet as the alert pipeline sees it. */
export interface AlertFleet {
  /** Global services and the clusters each runs in (live and pending clusters). */
  services: RollupService[];
  /** Meridian's own alerts. */
  fleetAlerts: RawAlert[];
}

/** Reads the fleet and computes Meridian's fleet alerts. */
export async function loadAlertFleet(): Promise<AlertFleet> {
  const [{ clusters, inventory, intents, services, trust, exportStatuses, drifted }, unmanaged] =
    await Promise.all([
      readAlertFleet(),
      // Observed versus intended needs the calls; without metrics there is nothing to compare.
      observedUnmanagedCalls().catch(() => null),
    ]);
  const { now, after } = staleness();
  return {
    services,
    fleetAlerts: [
      ...computeFleetAlerts({
        clusters,
        drifted,
        exportStatuses,
        inventory,
        intents,
        now,
        staleAfterSeconds: after,
        trust,
      }),
      ...(unmanaged ? unmanagedTrafficAlerts(unmanaged.calls, unmanaged.window) : []),
    ],
  };
}
