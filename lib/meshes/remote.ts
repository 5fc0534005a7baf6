import type { InventoryCluster } from "./kit/fleet-input";
import type { Sink } from "./kit/mesh-adapter";
import { remoteKey, type RemoteImport } from "./kit/remote-import";
import { MESH_ADAPTERS } from "./registry";

// Imports of services another platform offers over Hamlet (issue 21.3), by the consumer's mesh:
// a mesh that can say it compiles them (its adapter's importRemote); the others get an accurate
// warning (their adapter's texts.remote), never a silent drop.

/** Compiles one remote import for one consumer cluster into `out`. */
export function translateRemote(r: RemoteImport, cluster: InventoryCluster, out: Sink): void {
  const adapter = MESH_ADAPTERS[cluster.mesh];
  if (adapter.importRemote) return adapter.importRemote(r, cluster, out);
  out.warn(
    "mesh-cannot-express",
    `${remoteKey(r)} from peer ${r.peer} is not imported into ${cluster.name}: ${adapter.texts.remote ?? ""}`,
  );
}
