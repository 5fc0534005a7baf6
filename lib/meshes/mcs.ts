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
    if (target.importer && usesGlobalSuffix(svc))
      out.warn(
        "mesh-cannot-express",
        `the MCS API serves ${svc.key} only as ${svc.intent.name}.${svc.intent.namespace}.svc.clusterset.local, not ${svc.hostname}`,
      );
  },
};
