import "server-only";
import type { Actor } from "@/lib/model/actor";
import { portsColumn } from "@/lib/store/json-columns";
import type { GatewayInput, Publication } from "@/lib/model/peers";
import { recordAudit } from "@/lib/store/audit";
import { findCluster } from "@/lib/store/clusters";
import {
  listPeers,
  publish,
  publishedTo,
  setGateway,
  setPeerStatus,
  unpublish,
} from "@/lib/store/peers";
import { pool, transaction } from "@/lib/store/transaction";
import { notFound } from "@/lib/domain/errors";
import { federationChanged } from "@/lib/services/federation/runtime";
import { log } from "@/lib/infra/log";
// Istio names the protocol of a port the way Hamlet instances want it (HTTP, GRPC, TCP…).
import { istioProtocol } from "@/lib/meshes/istio/translate";

// The owner side of federation: which global services an admin publishes to which peer (deny by
// default: nothing is published until an admin says so), and the FederatedService each becomes.

/** Label of the Service naming its workloads' service account, for the SPIFFE SAN. */
export const SERVICE_ACCOUNT_LABEL = "meridian.dev/service-account";
/** The label every endpoint of a FederatedService carries, naming its cluster. */
const clusterLabel = (cluster: string) => `meridian.dev/cluster=${cluster}`;

/** Publish `namespace/name` to `peer` (audited); the open stream gets a CREATE. */
export async function publishToPeer(peer: string, p: Publication, actor: Actor): Promise<boolean> {
  const changed = await transaction(async (tx) => {
    const added = await publish(tx, peer, p.namespace, p.name);
    if (added)
      await recordAudit(tx, actor, "peer.publish", "peer", peer, {
        service: `${p.namespace}/${p.name}`,
      });
    return added;
  });
  if (changed) await federationChanged("publicationChanged");
  return changed;
}

/** Stop publishing `namespace/name` to `peer` (audited); the open stream gets a DELETE. */
export async function revokeFromPeer(peer: string, p: Publication, actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    if (!(await unpublish(tx, peer, p.namespace, p.name)))
      throw notFound(`Publication of ${p.namespace}/${p.name} to ${peer}`);
    await recordAudit(tx, actor, "peer.revoke", "peer", peer, {
      service: `${p.namespace}/${p.name}`,
    });
  });
  await federationChanged("publicationChanged");
}

/** Where peers reach `cluster`'s east-west gateway (audited). */
export async function setFederationGateway(
  cluster: string,
  input: GatewayInput,
  actor: Actor,
): Promise<void> {
  await transaction(async (tx) => {
    if (!(await findCluster(tx, cluster))) throw notFound(`Cluster ${cluster}`);
    await setGateway(tx, cluster, input.address, input.port);
    await recordAudit(tx, actor, "cluster.federation-gateway", "cluster", cluster, { ...input });
  });
  await federationChanged("publicationChanged");
}

/**
 * The FederatedServices published to `peer` now, by name (proto field names). Each carries the
 * global FQDN, the exporting clusters' east-west gateways as endpoints, the SPIFFE SANs of the
 * service's identity in each exporting cluster's trust domain, and one instance per port and
 * protocol with the SNI the gateway routes on (Istio AUTO_PASSTHROUGH:
 * `outbound_.<port>_._.<fqdn>`) and the port in its metadata. A service with no exporter that
 * has a gateway is left out (it could not be reached), and the log says so.
 */
export async function publishedServices(
  peer: string,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const gs of await publishedTo(pool(), peer)) {
    const key = `${gs.namespace}/${gs.name}`;
    const reachable = gs.exports.filter((e) => e.cluster.federationGateway);
    if (!reachable.length) {
      log.warn("hamlet: published service has no exporter with a federation gateway", {
        peer,
        service: key,
      });
      continue;
    }
    const local = gs.services.find((s) => s.clusterName === reachable[0]!.clusterName);
    const ports = portsColumn.parse(local?.ports ?? []).filter((p) => p.protocol === "TCP");
    if (!ports.length) continue;
    const labels = (local?.labels ?? {}) as Record<string, string>;
    const account = labels[SERVICE_ACCOUNT_LABEL] ?? gs.name;
    const sans = new Set<string>();
    for (const e of reachable)
      for (const m of e.cluster.meshes)
        if (m.trustDomain) sans.add(`spiffe://${m.trustDomain}/ns/${gs.namespace}/sa/${account}`);
    const selector = reachable.map((e) => clusterLabel(e.clusterName));
    out.set(`${gs.name}.${gs.namespace}`, {
      name: `${gs.name}.${gs.namespace}`,
      description: `${key}, published by Meridian`,
      tags: [],
      labels: { "meridian.dev/global-service": key },
      fqdn: gs.hostname,
      endpoints: reachable.map((e) => ({
        address: e.cluster.federationGateway!.address,
        port: e.cluster.federationGateway!.port,
        labels: [clusterLabel(e.clusterName)],
      })),
      sans: [...sans].sort(),
      instances: ports.map((p) => {
        const protocol = istioProtocol(p);
        return {
          id: `${protocol.toLowerCase()}-${p.port}`,
          protocol,
          metadata: { sni: `outbound_.${p.port}_._.${gs.hostname}`, port: String(p.port) },
          endpoint_selector: selector,
        };
      }),
    });
  }
  return out;
}

/** The peers' names and CAs, for the server's TLS. */
export async function peerCas(): Promise<{ name: string; caPem: string }[]> {
  return (await listPeers()).map((p) => ({ name: p.name, caPem: p.caPem }));
}

/** A consumer's answer: a NACK is kept on the peer (its page shows it) and logged. */
export async function recordAnswer(
  peer: string,
  answer: { operation: string; service: string; nack?: string },
): Promise<void> {
  if (!answer.nack) {
    await setPeerStatus(pool(), peer, { acked: true });
    return;
  }
  log.warn("hamlet: peer NACKed", { peer, ...answer });
  await setPeerStatus(pool(), peer, {
    nack: { side: "received", message: `${answer.operation} ${answer.service}: ${answer.nack}` },
  });
}
