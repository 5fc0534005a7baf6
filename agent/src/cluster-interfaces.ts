// The agent's view of its cluster: what it reads (inventory) and what it writes (owned
// resources), as two narrow capabilities. Implemented by the Kubernetes layer (agent/src/kube)
// and by the in-memory simulated cluster (agent/src/simulated) used by the demo and benchmarks.
import type { DesiredResource, ResourceResult } from "../../lib/agent-protocol/messages";

/** An object Meridian applied that someone else changed or deleted since, and how. */
export type Drift = { key: string; message: string };

/** Options of {@link ResourceWriter.apply}. */
export type ApplyOptions = {
  /**
   * Keys (lib/meshes resourceKey) of objects found drifted: applied with force, so the values
   * Meridian owns win back the fields another manager took (Meridian owns these objects whole).
   */
  repair?: ReadonlySet<string>;
};
import type { ClusterSnapshot } from "../../lib/agent-protocol/snapshot";

/** Read side: a live, trimmed inventory kept current by informers. */
export interface InventorySource {
  /** List everything, then keep watching. Resolves once the first full list is in memory. */
  start(): Promise<void>;
  /** The current inventory (services with endpoint counts per zone, detected meshes). */
  current(): ClusterSnapshot;
  /** Called (possibly often) whenever anything in the inventory may have changed. */
  onChange(listener: () => void): void;
  /** Stop all watches. */
  stop(): Promise<void>;
}

/** Write side: server-side-applies Meridian's resources and prunes what it no longer wants. */
export interface ResourceWriter {
  /**
   * Make the cluster hold exactly `desired` among the objects labelled
   * app.kubernetes.io/managed-by=meridian: apply each (field manager meridian-agent, never
   * forced), delete owned objects not in the set, and report one result per resource.
   * Idempotent: applying the same set again reports "unchanged" and changes nothing.
   */
  apply(desired: DesiredResource[], options?: ApplyOptions): Promise<ResourceResult[]>;
  /**
   * Compares every object of `desired` that Meridian owns whole with the live one: one
   * {@link Drift} per object changed or deleted by someone else. Changes nothing.
   */
  checkDrift?(desired: readonly DesiredResource[]): Promise<Drift[]>;
  /** Reads back what controllers report on applied objects (ServiceExport conditions). */
  refreshConditions?(results: readonly ResourceResult[]): Promise<ResourceResult[]>;
}
