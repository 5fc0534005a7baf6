import type { AnalyzedService } from "../kit/analyzed-service";
import { gammaSplit, servesGammaSplit } from "../gateway-api/gamma-split";
import { MCS_GROUP, writeServiceExport } from "../mcs/translate";
import type { InventoryService } from "../kit/fleet-input";
import type { MeshTranslator, Target } from "../kit/mesh-adapter";
import { otherExporters, serviceOverlay, warnUnsupported } from "../kit/translate-helpers";

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
  translate(svc, target, out) {
    const self = target.cluster.name;
    // An importer left off the access list is not made global (analysis warns it).
    const consumer = target.importer && svc.consumers.some((c) => c.name === self);
    if (!target.exporter && !consumer) return;
    const annotations = {
      [CILIUM_GLOBAL]: "true",
      [CILIUM_SHARED]: target.exporter ? "true" : "false",
      [CILIUM_AFFINITY]: affinity(svc, target, consumer),
    };
    const local = target.exporter?.service ?? localService(svc, target);
    // The agent only decorates Services, never creates them (agent/src/kube/managed-kinds.ts).
    if (local) out.resource(serviceOverlay(svc, { annotations }));
    else
      out.warn(
        "needs-local-service",
        `Cilium imports ${svc.key} only through a Service of that name in ${self}: create a selector-less one with the exporters' ports`,
      );
    // A global Service load-balances over every cluster's shared endpoints for its own clients
    // too: ClusterMesh has no export-only mode
    // (https://docs.cilium.io/en/stable/network/clustermesh/services/).
    if (target.exporter && !consumer && otherExporters(svc, self).length)
      out.warn(
        "mesh-cannot-express",
        `${self} exports ${svc.key} without importing it, but ClusterMesh makes its Service global: ${self}'s own clients stay local (affinity local) while its endpoints are healthy, then use the other exporters' endpoints`,
      );
    if (consumer && !target.exporter && local && local.endpoints.ready > 0)
      out.warn(
        "mesh-cannot-express",
        `${self}'s own ${local.endpoints.ready} ready endpoints of ${svc.key} serve its clients alongside the exporters' (its Service is global with shared=false), though ${self} does not export it`,
      );
    const remoteTiers = svc.tiers.filter((t) => t.some((e) => e.cluster.name !== self));
    if (consumer && remoteTiers.length > 1)
      out.warn(
        "mesh-cannot-express",
        `Cilium cannot order failover between remote clusters of ${svc.key}: tiers after the local one share one priority`,
      );
    if (
      consumer &&
      svc.intent.failover?.tiers.some((t) => t.clusters.some((c) => c.weight !== undefined))
    )
      out.warn(
        "mesh-cannot-express",
        `Cilium cannot weight clusters within a failover tier of ${svc.key}: ClusterMesh balances evenly over the endpoints of every cluster it uses`,
      );
    // Weights: a GAMMA HTTPRoute to the ServiceImport where the cluster serves the Gateway API
    // and Cilium's MCS-API support (https://docs.cilium.io/en/stable/network/clustermesh/mcsapi/);
    // its exporters then export through the MCS API too, so the ServiceImport exists.
    if (target.exporter && svc.intent.trafficWeights && servesGammaSplit(target.cluster))
      writeServiceExport(svc, target, out);
    const split = consumer && gammaSplit(svc, target, out);
    warnUnsupported(svc, target, out, {
      ...(split
        ? {}
        : {
            trafficWeights: `ClusterMesh load-balances over all clusters' endpoints without per-cluster weights${gammaHint(svc, target)}`,
          }),
      access:
        "per-cluster access needs a CiliumNetworkPolicy on io.cilium.k8s.policy.cluster, which Meridian does not manage",
      hostname: "ClusterMesh keeps the <name>.<namespace>.svc.cluster.local name",
    });
  },
};

// Why no GAMMA split was written, when the service has weights and the cluster could take one.
function gammaHint(svc: AnalyzedService, target: Target): string {
  // An agent that did not report the served APIs: nothing known to hint at.
  if (!svc.intent.trafficWeights || !target.cluster.servedApis) return "";
  if (!servesGammaSplit(target.cluster))
    return ` (a Gateway API split needs HTTPRoute v1 and the ${MCS_GROUP} API served in ${target.cluster.name})`;
  if (!target.exporter)
    return ` (a Gateway API split can only weigh a cluster's own Service against the ServiceImport, and ${target.cluster.name} does not export it)`;
  return " (a Gateway API split weighs HTTP ports only)";
}

// Importers follow the tiers: local in a first-tier cluster, remote in a later-tier exporter,
// none elsewhere. An exporter that does not import prefers its own endpoints.
function affinity(svc: AnalyzedService, target: Target, consumer: boolean): CiliumAffinity {
  if (!target.exporter) return "none";
  if (!consumer) return "local";
  const first = svc.tiers[0];
  if (!first) return "none";
  return first.some((e) => e.cluster.name === target.cluster.name) ? "local" : "remote";
}

function localService(svc: AnalyzedService, target: Target): InventoryService | undefined {
  return target.cluster.services.find(
    (s) => s.namespace === svc.intent.namespace && s.name === svc.intent.name,
  );
}
