import type { DesiredResource } from "../agent-protocol/messages";
import { derivedName } from "./names";
import { managedResource, type ResourceMerger } from "./resources";
import { otherConsumers, otherExporters, warnUnsupported, type MeshTranslator } from "./translator";

const CONSUL = "consul.hashicorp.com/v1alpha1";
/** Namespace Meridian writes Consul config-entry CRDs to (where consul-k8s is installed). */
export const CONSUL_NAMESPACE = "consul";
// exported-services is one config entry per admin partition, named after it: "default" in
// Consul CE (https://developer.hashicorp.com/consul/docs/reference/config-entry/exported-services).
const EXPORTED_SERVICES_NAME = "default";

interface ExportedEntry {
  name: string;
  consumers: { peer: string }[];
}

/**
 * Consul cluster peering (peer name = Meridian cluster name). Exporters list the service in
 * their partition's ExportedServices with one consumer per allowed peer, and get
 * ServiceIntentions allowing those peers. Importers get a ServiceResolver whose failover
 * targets are the exporting peers in tier order (Consul tries targets in list order).
 */
export const consulTranslator: MeshTranslator = {
  mesh: "consul",
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
        managedResource({
          apiVersion: CONSUL,
          kind: "ServiceIntentions",
          namespace: CONSUL_NAMESPACE,
          name: derivedName(name, svc.intent.namespace),
          globalService: svc.key,
          body: {
            spec: {
              destination: { name },
              // A wildcard source scoped to a peer: any service of that cluster may call.
              sources: peers.map((p) => ({ name: "*", peer: p.peer, action: "allow" })),
            },
          },
        }),
      );
    }
    if (target.importer && svc.consumers.some((c) => c.name === self)) {
      const order = svc.tiers.length ? svc.tiers.flat() : svc.exporters;
      const targets = order
        .filter((e) => e.cluster.name !== self)
        .map((e) => ({ peer: e.cluster.name, service: name }));
      if (targets.length && otherExporters(svc, self).length)
        out.resource(
          managedResource({
            apiVersion: CONSUL,
            kind: "ServiceResolver",
            // consul-k8s takes the config entry's name from metadata.name: it must be the
            // service's name, so it lives in the service's namespace to stay unique.
            namespace: svc.intent.namespace,
            name,
            globalService: svc.key,
            body: { spec: { failover: { "*": { targets } } } },
          }),
        );
      if (svc.intent.failover?.tiers.some((t) => t.clusters.length > 1))
        out.warn(
          "mesh-cannot-express",
          `Consul fails over one target at a time: clusters in the same tier of ${svc.key} are tried in listed order`,
        );
    }
    warnUnsupported(svc, target, out, {
      trafficWeights: "a ServiceSplitter splits between subsets of one service, not between peers",
      hostname: `Consul serves peered services as ${name}.virtual.<peer>.consul`,
    });
  },
};

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
    byName.set(e.name, prev ? { name: e.name, consumers: allConsumers(prev, e) } : e);
  }
  return exportedServices([...byName.values()].sort((x, y) => (x.name < y.name ? -1 : 1)));
};

/** The consumers of two entries for one Consul service, each peer once, by peer name. */
function allConsumers(x: ExportedEntry, y: ExportedEntry): ExportedEntry["consumers"] {
  const peers = new Set([...x.consumers, ...y.consumers].map((c) => c.peer));
  return [...peers].sort().map((peer) => ({ peer }));
}
