import type { SiteWorkload } from "../../agent-protocol/workload";
import type { Exporter } from "./analyzed-service";
import type { InventoryCluster, InventoryPort } from "./fleet-input";

/** Where one exporting site's objects go, and whether that cluster is its host. */
export interface SitePlacement {
  site: Exporter;
  cluster: InventoryCluster;
  host: boolean;
}

/** The port a site's host serves `p` on (its own mapping, else the Service's port). */
export const sitePortOf = (p: InventoryPort, w: SiteWorkload): number =>
  w.ports?.[p.name] ?? p.port;

/** A port's name in a site's mesh objects (unnamed ports get `tcp-<port>`). */
export const sitePortName = (p: InventoryPort): string => p.name || `tcp-${p.port}`;
