import type { DesiredResource } from "../../agent-protocol/messages";
import type { AnalyzedService } from "../kit/analyzed-service";
import { consulResolvers } from "./failover";
import { derivedName } from "../kit/names";
import { GLOBAL_SERVICE_ANNOTATION, managedResource, type ResourceMerger } from "../kit/resources";
import type { MeshTranslator } from "../kit/mesh-adapter";
import { otherConsumers, warnUnsupported } from "../kit/translate-helpers";

import { CONSUL, CONSUL_NAMESPACE, EXPORTED_SERVICES_NAME } from "./names";

export { CONSUL_NAMESPACE } from "./names";

import type { ExportedEntry, IntentionSource } from "./kinds";

/**
 * Consul cluster peering (peer name = Meridian cluster name). Exporters list the service in
 * their partition's ExportedServices with one consumer per allowed peer, and get
 * ServiceIntentions allowing those peers. Importers get a ServiceResolver whose failover
 * targets are the exporting peers in tier order (consul-failover.ts).
 *
 * consul-k8s CE maps every Kubernetes namespace into Consul's one namespace, and its webhooks
 * refuse a second config-entry CRD for the same Consul name (see tests/kube/consul-webhook-rules.ts):
 * so ServiceIntentions (one per destination name) and ServiceResolvers (one per service name)
 * are named after the Consul service and merged across the global services that share it.
 */
export const consulTranslator: MeshTranslator = {
  translate(svc, target, out) {
    const self = target.cluster.name;
    const name = svc.intent.name;
    const peers = otherConsumers(svc, self).map((c) => ({ peer: c.name }));
    if (target.exporter && peers.length) {
      const entry: ExportedEntry = { name, consumers: peers };
      out.resource(exportedServices([entry]));
      const namesakes = target.cluster.services
        .filter((s) => s.name === name && s.namespace !== svc.intent.namespace)
        .map((s) => s.namespace);
      if (namesakes.length)
        out.warn(
          "mesh-cannot-express",
          `Consul CE has one namespace: the ${name} Services of namespaces ${[svc.intent.namespace, ...namesakes].sort().join(", ")} in ${self} are one Consul service, and peers importing ${svc.key} reach all of them`,
        );
      out.resource(
        serviceIntentions(
          svc,
          peers.map((p) => ({ name: "*", peer: p.peer, action: "allow" })),
        ),
      );
    }
    if (target.importer && svc.consumers.some((c) => c.name === self))
      for (const r of consulResolvers(svc, target, out)) out.resource(r);
    warnUnsupported(svc, target, out, {
      trafficWeights: "a ServiceSplitter splits between subsets of one service, not between peers",
      hostname: `Consul serves peered services as ${name}.virtual.<peer>.consul`,
    });
  },
};

// A wildcard source scoped to a peer: any service of that cluster may call.
function serviceIntentions(svc: AnalyzedService, sources: IntentionSource[]): DesiredResource {
  return managedResource({
    apiVersion: CONSUL,
    kind: "ServiceIntentions",
    namespace: CONSUL_NAMESPACE,
    name: derivedName(svc.intent.name),
    globalService: svc.key,
    body: { spec: { destination: { name: svc.intent.name }, sources } },
  });
}

function exportedServices(services: ExportedEntry[]): DesiredResource {
  return managedResource({
    apiVersion: CONSUL,
    kind: "ExportedServices",
    namespace: CONSUL_NAMESPACE,
    name: EXPORTED_SERVICES_NAME,
    body: { spec: { services } },
  });
}

/**
 * ExportedServices is a per-partition singleton: merge the per-service entries, sorted. Two
 * namespaces' `reviews` are two global services but one Consul service (consul-k8s registers
 * the Services of every Kubernetes namespace into Consul CE's one namespace), so their entries
 * become one, exported to the consumers of both. An entry's `namespace` would keep them apart,
 * but consul-k8s refuses it unless Consul Enterprise namespaces are enabled ("Consul Namespaces
 * must be enabled to specify service namespace", ExportedService.validate in
 * https://github.com/hashicorp/consul-k8s/blob/main/control-plane/api/v1alpha1/exportedservices_types.go).
 */
export const mergeExportedServices: ResourceMerger = (a, b) => {
  const entries = (r: DesiredResource) => (r["spec"] as { services: ExportedEntry[] }).services;
  const byName = new Map<string, ExportedEntry>();
  for (const e of [...entries(a), ...entries(b)]) {
    const prev = byName.get(e.name);
    byName.set(
      e.name,
      prev ? { name: e.name, consumers: allPeers(prev.consumers, e.consumers) } : e,
    );
  }
  return exportedServices([...byName.values()].sort((x, y) => (x.name < y.name ? -1 : 1)));
};

/** The peers of two lists, each once, by peer name. */
function allPeers(x: { peer: string }[], y: { peer: string }[]): { peer: string }[] {
  const peers = new Set([...x, ...y].map((c) => c.peer));
  return [...peers].sort().map((peer) => ({ peer }));
}

/** The global services a merged object was compiled for, sorted, comma-separated. */
function servicesOf(a: DesiredResource, b: DesiredResource): string {
  const keys = [a, b].flatMap((r) =>
    (r.metadata.annotations?.[GLOBAL_SERVICE_ANNOTATION] ?? "").split(",").filter(Boolean),
  );
  return [...new Set(keys)].sort().join(",");
}

/** One ServiceIntentions per destination name: the sources of every global service sharing it. */
export const mergeServiceIntentions: ResourceMerger = (a, b) => {
  const sources = (r: DesiredResource) => (r["spec"] as { sources: IntentionSource[] }).sources;
  const peers = allPeers(sources(a), sources(b));
  const merged = structuredClone(a);
  merged.metadata.annotations = {
    ...merged.metadata.annotations,
    [GLOBAL_SERVICE_ANNOTATION]: servicesOf(a, b),
  };
  (merged["spec"] as { sources: IntentionSource[] }).sources = peers.map((p) => ({
    name: "*",
    peer: p.peer,
    action: "allow",
  }));
  return merged;
};

/**
 * One ServiceResolver per Consul service name: when two global services of that name import
 * into one cluster with different failover, the one whose key sorts first wins (the translator
 * warns), so the result does not depend on intent order.
 */
export const mergeServiceResolvers: ResourceMerger = (a, b) => {
  const key = (r: DesiredResource) => r.metadata.annotations?.[GLOBAL_SERVICE_ANNOTATION] ?? "";
  const first = key(a) <= key(b) ? a : b;
  const merged = structuredClone(first);
  merged.metadata.annotations = {
    ...merged.metadata.annotations,
    [GLOBAL_SERVICE_ANNOTATION]: servicesOf(a, b),
  };
  return merged;
};
