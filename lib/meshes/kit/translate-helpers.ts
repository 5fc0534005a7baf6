import type { DesiredResource } from "../../agent-protocol/messages";
import type { AnalyzedService, Exporter } from "./analyzed-service";
import { hostnameForms, type InventoryCluster } from "./fleet-input";
import type { Sink, Target } from "./mesh-adapter";
import { managedResource } from "./resources";

/** Intent features a mesh may be unable to express. */
export type Feature = "failover" | "trafficWeights" | "access" | "hostname";

/**
 * Emits one `mesh-cannot-express` warning per intent feature the mesh lacks, on the importing
 * side (where the missing behaviour would be felt), with the mesh-specific reason.
 */
export function warnUnsupported(
  svc: AnalyzedService,
  target: Target,
  out: Sink,
  reasons: Partial<Record<Feature, string>>,
): void {
  if (!target.importer) return;
  const used: Record<Feature, boolean> = {
    failover: svc.tiers.length > 0,
    trafficWeights: svc.intent.trafficWeights !== undefined,
    access: svc.intent.access !== undefined,
    hostname: svc.intent.hostname !== undefined,
  };
  for (const [feature, reason] of Object.entries(reasons) as [Feature, string][])
    if (used[feature])
      out.warn(
        "mesh-cannot-express",
        `${target.meshName} cannot express ${feature} of ${svc.key}: ${reason}`,
      );
}

/** True when the intent names the `<name>.<namespace>.global` form. */
export function usesGlobalSuffix(svc: AnalyzedService): boolean {
  return svc.hostname === hostnameForms(svc.intent.namespace, svc.intent.name)[0];
}

/**
 * A fields-only apply of labels/annotations onto the cluster's own Service (never deleted by
 * Meridian; see OWNERSHIP_ANNOTATION).
 */
export function serviceOverlay(
  svc: AnalyzedService,
  meta: { labels?: Record<string, string>; annotations?: Record<string, string> },
): DesiredResource {
  return managedResource({
    apiVersion: "v1",
    kind: "Service",
    namespace: svc.intent.namespace,
    name: svc.intent.name,
    globalService: svc.key,
    fieldsOnly: true,
    ...meta,
  });
}

/** Consumers of a service other than `self` (a cluster does not import from itself). */
export function otherConsumers(svc: AnalyzedService, self: string): InventoryCluster[] {
  return svc.consumers.filter((c) => c.name !== self);
}

/** Exporters other than `self`. */
export function otherExporters(svc: AnalyzedService, self: string): Exporter[] {
  return svc.exporters.filter((e) => e.cluster.name !== self);
}
