import type { DesiredResource } from "../../agent-protocol/messages";
import type { AnalyzedService } from "../kit/analyzed-service";
import type { ServiceResolverSpec } from "./kinds";
import { CONSUL, CONSUL_NAMESPACE } from "./names";
import { derivedName } from "../kit/names";
import { managedResource } from "../kit/resources";
import type { Sink, Target } from "../kit/mesh-adapter";
import { otherExporters } from "../kit/translate-helpers";

/**
 * The importer's ServiceResolvers. Consul fails over only when the service's own (local)
 * instances are unhealthy (https://developer.hashicorp.com/consul/docs/reference/config-entry/service-resolver#failover),
 * so where the importer has its own instances of the name but is not in tier 1 (a later-tier
 * exporter, or a bystander with a same-named Service, which in Consul CE is the same service
 * whatever its namespace), a plain failover would serve locally first and ignore tier 1. There
 * the resolver redirects to a virtual service whose resolver holds the tiers: it has no
 * instances, so its failover starts at once, at tier 1 (the peering L7 pattern of
 * https://developer.hashicorp.com/consul/docs/manage-traffic/k8s). Redirect and failover
 * cannot both be set on one resolver (ServiceResolver.validate in consul-k8s).
 */
export function consulResolvers(
  svc: AnalyzedService,
  target: Target,
  out: Sink,
): DesiredResource[] {
  const self = target.cluster.name;
  const name = svc.intent.name;
  const order = svc.tiers.length ? svc.tiers.flat() : svc.exporters;
  const targets = order
    .filter((e) => e.cluster.name !== self)
    .map((e) => ({ peer: e.cluster.name, service: name }));
  if (!targets.length || !otherExporters(svc, self).length) return [];
  if (svc.intent.failover?.tiers.some((t) => t.clusters.length > 1))
    out.warn(
      "mesh-cannot-express",
      `Consul fails over one target at a time: clusters in the same tier of ${svc.key} are tried in listed order`,
    );
  for (const other of svc.namesakes.filter((n) => n.imports.includes(self)))
    out.warn(
      "mesh-cannot-express",
      `Consul CE has one namespace: ${svc.key} and ${other.namespace}/${other.name} are one Consul service in ${self}, with one ServiceResolver; the failover of the one whose key sorts first applies to both`,
    );
  const failover = { failover: { "*": { targets } } };
  const local = target.cluster.services.some((s) => s.name === name);
  const firstTier = svc.tiers[0] ?? svc.exporters;
  const servesFirst = !!target.exporter && firstTier.some((e) => e.cluster.name === self);
  if (!local || servesFirst) return [resolver(svc, name, failover)];

  const chain = derivedName("failover", name);
  if (target.exporter)
    out.warn(
      "mesh-cannot-express",
      `Consul cannot fail back to ${self}'s own instances of ${name} once its callers are redirected to tier 1 (a failover target of the redirected service loops): ${self}'s tier is left out of its own callers' failover for ${svc.key}`,
    );
  else
    out.warn(
      "mesh-cannot-express",
      `${self} has its own ${name} Service, which Consul would serve before any failover: its callers of ${svc.key} are redirected to the exporters, and the local instances serve none of them`,
    );
  return [resolver(svc, name, { redirect: { service: chain } }), resolver(svc, chain, failover)];
}

// consul-k8s takes the config entry's name from metadata.name, and in Consul CE every Kubernetes
// namespace maps to one Consul namespace, so names must be unique across namespaces
// (ValidateConfigEntry in consul-k8s control-plane/api/common/configentry_webhook.go): the
// resolvers live in Meridian's Consul namespace, one per Consul service name.
function resolver(svc: AnalyzedService, name: string, spec: ServiceResolverSpec): DesiredResource {
  return managedResource({
    apiVersion: CONSUL,
    kind: "ServiceResolver",
    namespace: CONSUL_NAMESPACE,
    name,
    globalService: svc.key,
    body: { spec },
  });
}
