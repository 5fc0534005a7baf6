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
import { clipEcho, MAX_NACK_BYTES } from "@/lib/model/federated-service";
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

// A service that cannot be reached is said once per peer until that changes, not on every
// refresh (a refresh per publication change used to repeat it for every open stream).
const unreachableSaid = new Set<string>();

/**
 * The FederatedServices published now to each of `peers`, by name (proto field names), in one
 * read. Each carries its FQDN (under `domain`, else the global hostname), the exporting clusters' east-west gateways as endpoints,
 * the SPIFFE SANs of the service's identity in each exporting cluster's trust domain, and one
 * instance per port and protocol with the reserved metadata keys as published (upper case): the
 * SNI the gateway routes on (Istio AUTO_PASSTHROUGH: `outbound_.<port>_._.<global hostname>`) and the PORT.
 * A service with no exporter that has a gateway is left out (it could not be reached), and the
 * log says so once.
 */
export async function publishedServices(
  peers: string[],
  domain?: string,
): Promise<Map<string, Map<string, Record<string, unknown>>>> {
  const out = new Map<string, Map<string, Record<string, unknown>>>(
    peers.map((p) => [p, new Map()]),
  );
  for (const gs of await publishedTo(pool(), peers)) {
    const key = `${gs.namespace}/${gs.name}`;
    const reachable = gs.exports.filter((e) => e.cluster.federationGateway);
    const said = `${gs.peer}\u0000${key}`;
    if (!reachable.length) {
      if (!unreachableSaid.has(said))
        log.warn("hamlet: published service has no exporter with a federation gateway", {
          peer: gs.peer,
          service: key,
        });
      unreachableSaid.add(said);
      continue;
    }
    unreachableSaid.delete(said);
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
    out.get(gs.peer)!.set(`${gs.name}.${gs.namespace}`, {
      name: `${gs.name}.${gs.namespace}`,
      description: `${key}, published by Meridian`,
      tags: [],
      labels: { "meridian.dev/global-service": key },
      // Under this Meridian's federation domain when it has one: a peer admits names only in the
      // domains its admin gave us, never in its own fleet's (.global, .svc.clusterset.local).
      fqdn: domain ? `${gs.name}.${gs.namespace}.${domain}` : gs.hostname,
      endpoints: reachable.map((e) => ({
        address: e.cluster.federationGateway!.address,
        port: e.cluster.federationGateway!.port,
        labels: [clusterLabel(e.clusterName)],
        description: `east-west gateway of ${e.clusterName}`,
      })),
      sans: [...sans].sort(),
      instances: ports.map((p) => {
        const protocol = istioProtocol(p);
        return {
          id: `${protocol.toLowerCase()}-${p.port}`,
          protocol,
          metadata: { SNI: `outbound_.${p.port}_._.${gs.hostname}`, PORT: String(p.port) },
          endpoint_selector: selector,
          description: `${key} port ${p.port}`,
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
  // The peer's NACK text is its own: kept and logged clipped.
  const message = `${answer.operation} ${answer.service}: ${clipEcho(answer.nack, MAX_NACK_BYTES)}`;
  log.warn("hamlet: peer NACKed", { peer, operation: answer.operation, message });
  await setPeerStatus(pool(), peer, { nack: { side: "received", message } });
}
