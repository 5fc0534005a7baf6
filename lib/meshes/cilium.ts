import type { AnalyzedService } from "./analysis";
import { serviceOverlay, warnUnsupported, type MeshTranslator, type Target } from "./translator";

/** ClusterMesh annotations (cilium pkg/annotation/k8s.go; values parsed in clustermesh.go). */
export const CILIUM_GLOBAL = "service.cilium.io/global";
export const CILIUM_SHARED = "service.cilium.io/shared";
export const CILIUM_AFFINITY = "service.cilium.io/affinity";
/** The only values Cilium accepts for the affinity annotation ("none" = no preference). */
export const CILIUM_AFFINITY_VALUES = ["local", "remote", "none"] as const;
export type CiliumAffinity = (typeof CILIUM_AFFINITY_VALUES)[number];

/**
 * Cilium ClusterMesh. A global service is a Service with the same name and namespace in every
 * participating cluster, annotated `service.cilium.io/global: "true"`. Exporters share their
 * endpoints (`shared: "true"`); importers that do not export set `shared: "false"` and, when
 * they have no such Service are warned to create a selector-less one (Meridian decorates
 * Services but never creates them). Failover maps to `affinity`: `local` in
 * a cluster of the first tier, `remote` in a later-tier exporter, `none` otherwise — Cilium
 * cannot order remote clusters among themselves.
 */
export const ciliumTranslator: MeshTranslator = {
  mesh: "cilium",
  translate(svc, target, out) {
    if (!target.exporter && !target.importer) return;
    const annotations = {
      [CILIUM_GLOBAL]: "true",
      [CILIUM_SHARED]: target.exporter ? "true" : "false",
      [CILIUM_AFFINITY]: affinity(svc, target),
    };
    const local = target.exporter ?? localService(svc, target);
    // The agent only decorates Services, never creates them (agent/src/kube/managed-kinds.ts).
    if (local) out.resource(serviceOverlay(svc, { annotations }));
    else
      out.warn(
        "needs-local-service",
        `Cilium imports ${svc.key} only through a Service of that name in ${target.cluster.name}: create a selector-less one with the exporters' ports`,
      );
    const remoteTiers = svc.tiers.filter((t) =>
      t.some((e) => e.cluster.name !== target.cluster.name),
    );
    if (target.importer && remoteTiers.length > 1)
      out.warn(
        "mesh-cannot-express",
        `Cilium cannot order failover between remote clusters of ${svc.key}: tiers after the local one share one priority`,
      );
    warnUnsupported(svc, target, out, {
      trafficWeights:
        "ClusterMesh load-balances over all clusters' endpoints without per-cluster weights",
      access:
        "per-cluster access needs a CiliumNetworkPolicy on io.cilium.k8s.policy.cluster, which Meridian does not manage",
      hostname: "ClusterMesh keeps the <name>.<namespace>.svc.cluster.local name",
    });
  },
};

function affinity(svc: AnalyzedService, target: Target): CiliumAffinity {
  const first = svc.tiers[0];
  if (!first || !target.exporter) return "none";
  return first.some((e) => e.cluster.name === target.cluster.name) ? "local" : "remote";
}

function localService(svc: AnalyzedService, target: Target): boolean {
  return target.cluster.services.some(
    (s) => s.namespace === svc.intent.namespace && s.name === svc.intent.name,
  );
}
