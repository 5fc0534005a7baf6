import type { DesiredResource } from "../../agent-protocol/messages";
import type { InventoryCluster } from "../kit/fleet-input";
import type { Link } from "./kinds";
import { managedResource } from "../kit/resources";
import type { MeshTranslator } from "../kit/mesh-adapter";
import {
  otherConsumers,
  otherExporters,
  serviceOverlay,
  warnUnsupported,
} from "../kit/translate-helpers";

/** Label the Linkerd service mirror selects exported Services by. */
export const LINKERD_EXPORTED_LABEL = "mirror.linkerd.io/exported";
/** Label that makes a Service a member of a federated service (Linkerd 2.17+). */
export const LINKERD_FEDERATED_LABEL = "mirror.linkerd.io/federated";
/** Namespace of the multicluster extension, where `linkerd multicluster link` puts Links. */
export const LINKERD_MULTICLUSTER_NAMESPACE = "linkerd-multicluster";
/** Prefix of the per-consumer labels Meridian adds next to the exported label. */
export const CONSUMER_LABEL_PREFIX = "consumer.meridian.dev/";
/** Per-consumer label Meridian adds next to the exported label (selective export). */
export const consumerLabel = (cluster: string) => `${CONSUMER_LABEL_PREFIX}${cluster}`;
/** The Link's selectors, each narrowed by Meridian to the consumer's label. */
export const LINK_SELECTORS = [
  "selector",
  "remoteDiscoverySelector",
  "federatedServiceSelector",
] as const;

/**
 * True from Linkerd 2.17 (stable-/enterprise-2.17, edge releases from edge-24.12 on), which added
 * federated services (https://linkerd.io/2.17/reference/multicluster/). Unknown versions: false.
 */
export function supportsFederated(version: string): boolean {
  const stable = /^(?:stable|enterprise)-(\d+)\.(\d+)/.exec(version);
  if (stable) return Number(stable[1]) > 2 || (Number(stable[1]) === 2 && Number(stable[2]) >= 17);
  const edge = /^edge-(\d+)\.(\d+)/.exec(version);
  return !!edge && (Number(edge[1]) > 24 || (Number(edge[1]) === 24 && Number(edge[2]) >= 12));
}

// Federated mode has flat mode's requirement: pods reach each other directly.
const flat = (a: InventoryCluster, b: InventoryCluster) =>
  a.network !== "" && a.network === b.network;
const federated = (exp: InventoryCluster, c: InventoryCluster) =>
  flat(exp, c) &&
  supportsFederated(exp.meshVersion ?? "") &&
  supportsFederated(c.meshVersion ?? "");

/**
 * Linkerd multicluster. The exporter's Service gets `mirror.linkerd.io/exported`: `true`
 * (gateway mode) or `remote-discovery` (flat mode, pods reachable directly —
 * https://linkerd.io/2/reference/multicluster/), or, where exporter and consumer both run 2.17+
 * on one flat network, `mirror.linkerd.io/federated: member` (one `<name>-federated` Service
 * over every member cluster); plus one `consumer.meridian.dev/<cluster>` label per allowed
 * consumer. Each consumer's Link to the exporter (created by `linkerd multicluster link`, so
 * applied fields-only) selects only Services carrying its consumer label: that is how Meridian
 * gets per-destination export, which Linkerd lacks. The agent never releases that narrowing
 * (see {@link linkRetention}): a Link falling back to its default selector would mirror every
 * exported Service.
 */
export const linkerdTranslator: MeshTranslator = {
  translate(svc, target, out) {
    const self = target.cluster;
    if (target.exporter) {
      const consumers = otherConsumers(svc, self.name);
      if (consumers.length) {
        const labels: Record<string, string> = {};
        const mirrored = consumers.filter((c) => !federated(self, c));
        if (mirrored.length)
          labels[LINKERD_EXPORTED_LABEL] = mirrored.every((c) => flat(self, c))
            ? "remote-discovery"
            : "true";
        if (mirrored.length < consumers.length) labels[LINKERD_FEDERATED_LABEL] = "member";
        for (const c of consumers) labels[consumerLabel(c.name)] = "true";
        out.resource(serviceOverlay(svc, { labels }));
      }
    }
    const exporters = otherExporters(svc, self.name);
    if (target.importer && svc.consumers.some((c) => c.name === self.name)) {
      // One Link per target cluster, shared by every service imported from it.
      for (const exp of exporters) out.resource(link(self, exp.cluster.name));
    }
    const fed = exporters.length > 0 && exporters.every((e) => federated(e.cluster, self));
    warnUnsupported(svc, target, out, {
      failover: fed
        ? `${svc.intent.name}-federated balances over every member cluster; ordered failover needs the linkerd-failover extension, which is deprecated upstream`
        : "ordered failover needs the linkerd-failover extension (deprecated upstream), which drives SMI TrafficSplits it labels as its own; Linkerd mirrors each exporter as <name>-<cluster>",
      trafficWeights: fed
        ? `a federated service balances over its members without per-cluster weights`
        : "weights need an HTTPRoute or TrafficSplit over the mirrored <name>-<cluster> Services, which Meridian does not manage",
      hostname: fed
        ? `Linkerd serves the federated service as ${svc.intent.name}-federated.${svc.intent.namespace}.svc.cluster.local, not ${svc.hostname}`
        : `Linkerd names mirrored services ${svc.intent.name}-<cluster>.${svc.intent.namespace}.svc.cluster.local; there is no global alias before Linkerd 2.17's federated services (which need 2.17+ on both sides and a flat network)`,
    });
  },
};

/** The consumer's Link to `target`, every selector narrowed to the consumer's label. */
function link(consumer: InventoryCluster, target: string): Link {
  const mine = { [consumerLabel(consumer.name)]: "true" };
  const spec: Link["spec"] = {
    selector: { matchLabels: { [LINKERD_EXPORTED_LABEL]: "true", ...mine } },
    remoteDiscoverySelector: {
      matchLabels: { [LINKERD_EXPORTED_LABEL]: "remote-discovery", ...mine },
    },
  };
  // The field exists from 2.17 on; an older Link CRD would not know it.
  if (supportsFederated(consumer.meshVersion ?? ""))
    spec.federatedServiceSelector = {
      matchLabels: { [LINKERD_FEDERATED_LABEL]: "member", ...mine },
    };
  return managedResource({
    apiVersion: "multicluster.linkerd.io/v1alpha2",
    kind: "Link",
    namespace: LINKERD_MULTICLUSTER_NAMESPACE,
    name: target,
    fieldsOnly: true,
    body: { spec },
  });
}

/**
 * What the agent applies instead of releasing a Link patch that is no longer desired: only the
 * consumer labels Meridian put into its selectors. Released, the Link would fall back to the
 * selector `linkerd multicluster link` wrote (`mirror.linkerd.io/exported: "true"`) and mirror
 * every exported Service of the target, the opposite of deny by default; kept, it mirrors only
 * Services labelled for this consumer, and none is once the exports are revoked. Undefined when
 * the live Link carries no consumer label (nothing to keep).
 */
export function linkRetention(live: {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
  spec?: Record<string, unknown>;
}): DesiredResource | undefined {
  const spec: Link["spec"] = {};
  for (const key of LINK_SELECTORS) {
    const labels = (live.spec?.[key] as { matchLabels?: Record<string, string> } | undefined)
      ?.matchLabels;
    const kept = Object.entries(labels ?? {}).filter(([k]) => k.startsWith(CONSUMER_LABEL_PREFIX));
    if (kept.length) spec[key] = { matchLabels: Object.fromEntries(kept) };
  }
  if (!Object.keys(spec).length || !live.metadata?.name) return undefined;
  return managedResource({
    apiVersion: live.apiVersion ?? "multicluster.linkerd.io/v1alpha2",
    kind: "Link",
    namespace: live.metadata.namespace ?? LINKERD_MULTICLUSTER_NAMESPACE,
    name: live.metadata.name,
    fieldsOnly: true,
    body: { spec },
  });
}
