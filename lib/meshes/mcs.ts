import { managedResource } from "./resources";
import { usesGlobalSuffix, warnUnsupported, type MeshTranslator } from "./translator";

/** API version of generated ServiceExports (served by every MCS implementation). */
export const MCS_API_VERSION = "multicluster.x-k8s.io/v1alpha1";

/**
 * Kubernetes MCS API (KEP-1645), for clusters without a mesh. An exporting cluster gets a
 * ServiceExport named exactly like its Service; the MCS controller then creates the
 * ServiceImport `<name>.<namespace>.svc.clusterset.local` in every cluster of the clusterset,
 * so imports need no resource of their own. ExternalName Services never reach here (analysis).
 */
export const mcsTranslator: MeshTranslator = {
  mesh: "none",
  translate(svc, target, out) {
    if (target.exporter)
      out.resource(
        managedResource({
          apiVersion: MCS_API_VERSION,
          kind: "ServiceExport",
          namespace: svc.intent.namespace,
          name: svc.intent.name,
          globalService: svc.key,
        }),
      );
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
