import type { InventoryCluster } from "../kit/fleet-input";
import { managedResource } from "../kit/resources";
import type { AnalyzedService } from "../kit/analyzed-service";
import type { MeshTranslator, Sink, Target } from "../kit/mesh-adapter";
import { usesGlobalSuffix, warnUnsupported } from "../kit/translate-helpers";

/** The MCS API group (KEP-1645, sigs.k8s.io/mcs-api). */
export const MCS_GROUP = "multicluster.x-k8s.io";
/** API version of ServiceExports for a cluster that did not report what it serves (every MCS implementation serves it). */
export const MCS_API_VERSION = `${MCS_GROUP}/v1alpha1`;

/**
 * The ServiceExport API version to write in a cluster: v1beta1 where the cluster serves it
 * (mcs-api v0.3+; v1alpha1 is deprecated there), else v1alpha1. A cluster whose agent reported
 * the served versions and serves neither gets v1alpha1 and a warning: the apply would fail.
 */
export function serviceExportVersion(cluster: InventoryCluster, out: Sink): string {
  if (!cluster.servedApis) return MCS_API_VERSION;
  const served = cluster.servedApis[MCS_GROUP] ?? [];
  for (const v of ["v1beta1", "v1alpha1"]) if (served.includes(v)) return `${MCS_GROUP}/${v}`;
  out.warn(
    "mesh-config-required",
    `${cluster.name} does not serve the MCS API (${MCS_GROUP} v1beta1 or v1alpha1): its ServiceExport cannot be applied until an MCS implementation is installed`,
  );
  return MCS_API_VERSION;
}

/** The exporting cluster's ServiceExport, named exactly like its Service, in the version it serves. */
export function writeServiceExport(svc: AnalyzedService, target: Target, out: Sink): void {
  out.resource(
    managedResource({
      apiVersion: serviceExportVersion(target.cluster, out),
      kind: "ServiceExport",
      namespace: svc.intent.namespace,
      name: svc.intent.name,
      globalService: svc.key,
    }),
  );
}

/**
 * Kubernetes MCS API (KEP-1645), for clusters without a mesh. An exporting cluster gets a
 * ServiceExport named exactly like its Service; the MCS controller then creates the
 * ServiceImport `<name>.<namespace>.svc.clusterset.local` in every cluster of the clusterset,
 * so imports need no resource of their own. ExternalName Services never reach here (analysis).
 */
export const mcsTranslator: MeshTranslator = {
  translate(svc, target, out) {
    if (target.exporter) writeServiceExport(svc, target, out);
    warnUnsupported(svc, target, out, {
      failover:
        "the MCS API has no failover order; the implementation load-balances over all exporters",
      trafficWeights: "the MCS API has no per-cluster weights",
      access: "the MCS API exports to the whole clusterset; restrict callers with NetworkPolicy",
    });
    if (target.exporter) {
      // A ServiceImport appears in every cluster of the clusterset (KEP-1645), so an imports list
      // narrower than the clusterset cannot be honoured.
      const self = target.cluster.name;
      const importing = new Set(svc.importers.map((c) => c.name));
      const others = [...svc.fleet.values()]
        .filter((c) => c.mesh === "none" && c.name !== self && !importing.has(c.name))
        .map((c) => c.name)
        .sort();
      if (others.length)
        out.warn(
          "mesh-cannot-express",
          `the MCS API exports ${svc.key} to the whole clusterset: ${listed(others)} ${others.length === 1 ? "also gets" : "also get"} its ServiceImport, though the intent does not import it there`,
        );
    }
    if (target.importer && usesGlobalSuffix(svc))
      out.warn(
        "mesh-cannot-express",
        `the MCS API serves ${svc.key} only as ${svc.intent.name}.${svc.intent.namespace}.svc.clusterset.local, not ${svc.hostname}`,
      );
  },
};

function listed(names: string[]): string {
  return names.length <= 5
    ? names.join(", ")
    : `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`;
}
