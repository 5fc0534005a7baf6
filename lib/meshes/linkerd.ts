import { managedResource } from "./resources";
import {
  otherConsumers,
  otherExporters,
  serviceOverlay,
  warnUnsupported,
  type MeshTranslator,
} from "./translator";

/** Label the Linkerd service mirror selects exported Services by. */
export const LINKERD_EXPORTED_LABEL = "mirror.linkerd.io/exported";
/** Namespace of the multicluster extension, where `linkerd multicluster link` puts Links. */
export const LINKERD_MULTICLUSTER_NAMESPACE = "linkerd-multicluster";
/** Per-consumer label Meridian adds next to the exported label (selective export). */
export const consumerLabel = (cluster: string) => `consumer.meridian.dev/${cluster}`;

/**
 * Linkerd multicluster. The exporter's Service gets `mirror.linkerd.io/exported`: `true`
 * (gateway mode) or `remote-discovery` (flat mode, pods reachable directly —
 * https://linkerd.io/2/reference/multicluster/) when every consumer shares the exporter's
 * network; plus one `consumer.meridian.dev/<cluster>` label per allowed consumer. Each
 * consumer's Link to the exporter (created by `linkerd multicluster link`, so applied
 * fields-only) selects only Services carrying its consumer label: that is how Meridian gets
 * per-destination export, which Linkerd lacks.
 */
export const linkerdTranslator: MeshTranslator = {
  mesh: "linkerd",
  translate(svc, target, out) {
    const self = target.cluster.name;
    if (target.exporter) {
      const consumers = otherConsumers(svc, self);
      if (consumers.length) {
        const flat =
          target.cluster.network !== "" &&
          consumers.every((c) => c.network === target.cluster.network);
        const labels: Record<string, string> = {
          [LINKERD_EXPORTED_LABEL]: flat ? "remote-discovery" : "true",
        };
        for (const c of consumers) labels[consumerLabel(c.name)] = "true";
        out.resource(serviceOverlay(svc, { labels }));
      }
    }
    if (target.importer && svc.consumers.some((c) => c.name === self)) {
      for (const exp of otherExporters(svc, self)) {
        // One Link per target cluster, shared by every service imported from it.
        const mine = { [consumerLabel(self)]: "true" };
        out.resource(
          managedResource({
            apiVersion: "multicluster.linkerd.io/v1alpha2",
            kind: "Link",
            namespace: LINKERD_MULTICLUSTER_NAMESPACE,
            name: exp.cluster.name,
            fieldsOnly: true,
            body: {
              spec: {
                selector: { matchLabels: { [LINKERD_EXPORTED_LABEL]: "true", ...mine } },
                remoteDiscoverySelector: {
                  matchLabels: { [LINKERD_EXPORTED_LABEL]: "remote-discovery", ...mine },
                },
              },
            },
          }),
        );
      }
    }
    warnUnsupported(svc, target, out, {
      failover:
        "ordered failover needs the linkerd-failover extension, which drives SMI TrafficSplits it labels as its own; Linkerd mirrors each exporter as <name>-<cluster>",
      trafficWeights:
        "weights need an HTTPRoute or TrafficSplit over the mirrored <name>-<cluster> Services, which Meridian does not manage",
      hostname:
        "Linkerd names mirrored services <name>-<cluster>.<namespace>.svc.cluster.local; there is no global alias",
    });
  },
};
