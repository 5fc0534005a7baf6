import type { AnalyzedService } from "../kit/analyzed-service";
import { derivedName } from "../kit/names";
import { managedResource, type MeshKinds } from "../kit/resources";
import type { AuthorizationPolicy } from "./kinds";
import type { Sink, Target } from "../kit/mesh-adapter";

/** Metadata of the per-service Istio objects: one derived name per global service and kind. */
export function istioMeta<K extends keyof MeshKinds>(
  svc: AnalyzedService,
  kind: K,
  apiVersion = "networking.istio.io/v1",
) {
  return {
    apiVersion,
    kind,
    namespace: svc.intent.namespace,
    name: derivedName(svc.intent.name, svc.intent.namespace),
    globalService: svc.key,
  };
}

/**
 * The exporter's ALLOW policy. Istio identifies callers by SPIFFE principal
 * `<trust-domain>/ns/<ns>/sa/<sa>`, which does not name a cluster: the allow-list is enforced per
 * trust domain. Only Istio clusters have one; a consumer on another mesh presents no Istio
 * identity (the mesh-mismatch warning says its calls cannot reach the exporter), so it adds no
 * principal, and MeshConfig's default `cluster.local` is never assumed for it.
 */
export function authorizationPolicy(
  svc: AnalyzedService,
  target: Target,
  selector: Record<string, string>,
  out: Sink,
): AuthorizationPolicy {
  const domainOf = (td: string) => td || "cluster.local";
  const own = domainOf(target.cluster.trustDomain);
  const allowed = svc.consumers
    .filter((c) => c.mesh === "istio")
    .map((c) => domainOf(c.trustDomain));
  const domains = [...new Set([own, ...allowed])].sort();
  const excluded = svc.importers.filter(
    (c) =>
      c.mesh === "istio" && !svc.consumers.includes(c) && domains.includes(domainOf(c.trustDomain)),
  );
  if (excluded.length)
    out.warn(
      "mesh-cannot-express",
      `Istio cannot deny ${excluded.map((c) => c.name).join(", ")} access to ${svc.key}: they share an allowed trust domain`,
    );
  return managedResource({
    ...istioMeta(svc, "AuthorizationPolicy", "security.istio.io/v1"),
    body: {
      spec: {
        selector: { matchLabels: selector },
        action: "ALLOW",
        rules: [{ from: [{ source: { principals: domains.map((d) => `${d}/*`) } }] }],
      },
    },
  });
}
