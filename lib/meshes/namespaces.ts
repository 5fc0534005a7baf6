import type { DesiredResource } from "../agent-protocol/messages";
import type { AnalyzedService } from "./kit/analyzed-service";
import type { InventoryCluster } from "./kit/fleet-input";
import { managedResource } from "./kit/resources";
import type { Sink } from "./kit/mesh-adapter";
import { MESH_LIST } from "./registry";

// Namespaces a mesh's installation creates, where Meridian writes mesh configuration (each
// adapter's `namespaces`); presumed present when the agent does not report the cluster's namespaces.
const MESH_NAMESPACES = new Set(MESH_LIST.flatMap((m) => m.namespaces));

/** Checks the namespace of each resource a translator emits for one (service, cluster). */
export interface NamespaceGuard {
  /** The Namespace to create first (intent opted in), or undefined; remembers a missing one. */
  check(r: DesiredResource): DesiredResource | undefined;
  /** Warns once per missing namespace, naming the kinds that would fail. */
  flush(): void;
}

/**
 * A cluster's namespaces as a set, made once per inventory object: a guard is made for every
 * (service, cluster) pair of a compilation, and building the set from the cluster's services
 * each time cost services × targets × the cluster's services (the fleet-wide plan's profile at
 * 200 clusters, issue 23). Inventory objects are read-only once loaded.
 */
const namespaceSets = new WeakMap<InventoryCluster, ReadonlySet<string>>();
function namespacesOf(cluster: InventoryCluster): ReadonlySet<string> {
  let known = namespaceSets.get(cluster);
  if (!known) {
    known = new Set(cluster.namespaces ?? cluster.services.map((s) => s.namespace));
    namespaceSets.set(cluster, known);
  }
  return known;
}

/**
 * The agent never creates a namespace on its own, so a resource for a namespace the cluster
 * lacks fails to apply with NotFound. The inventory knows the cluster's namespaces (reported by
 * the agent, else those of its Services): the plan warns, or, when the intent sets
 * `createNamespace`, the cluster gets the Namespace as a Meridian-owned object.
 */
export function namespaceGuard(
  svc: AnalyzedService,
  cluster: InventoryCluster,
  warn: Sink["warn"],
): NamespaceGuard {
  const reported = cluster.namespaces !== undefined;
  const known = namespacesOf(cluster);
  const missing = new Map<string, Set<string>>();
  return {
    check(r) {
      const ns = r.metadata.namespace;
      if (!ns || known.has(ns) || (!reported && MESH_NAMESPACES.has(ns))) return undefined;
      if (svc.intent.createNamespace)
        return managedResource({ apiVersion: "v1", kind: "Namespace", name: ns });
      missing.set(ns, (missing.get(ns) ?? new Set()).add(r.kind));
      return undefined;
    },
    flush() {
      for (const [ns, kinds] of missing)
        warn(
          "namespace-missing",
          `${cluster.name} has no namespace ${ns}${reported ? "" : " (no Service of it is reported there)"}: applying ${[...kinds].sort().join(", ")} for ${svc.key} fails with NotFound; create it, or set createNamespace on the intent to let the agent create it`,
        );
    },
  };
}
