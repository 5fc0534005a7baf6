import "server-only";
import { sameJson } from "@/lib/agent-protocol/canonical-json";
import type { FederatedService } from "@/lib/model/federated-service";
import { federatedServiceSchema } from "@/lib/model/federated-service";
import type { PeerInput } from "@/lib/model/peers";
import { NotFoundError, StaleVersionError } from "@/lib/store/errors";
import { pool, type Json, type Tx } from "@/lib/store/transaction";

// Federation peers (Hamlet v1alpha2, issue 21.3): who they are, what we publish to each, what
// each offers us, and which offers are imported into which clusters.

const PEER_SELECT = {
  name: true,
  address: true,
  caPem: true,
  bundleEndpoint: true,
  domains: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  connected: true,
  lastConnectedAt: true,
  lastError: true,
  lastNackSide: true,
  lastNackMessage: true,
  lastNackAt: true,
  lastAckAt: true,
} as const;

export type PeerRow = Awaited<ReturnType<typeof listPeers>>[number];

export function listPeers(tx: Tx = pool()) {
  return tx.federationPeer.findMany({ select: PEER_SELECT, orderBy: { name: "asc" } });
}

export async function getPeer(tx: Tx, name: string) {
  const peer = await tx.federationPeer.findUnique({ where: { name }, select: PEER_SELECT });
  if (!peer) throw new NotFoundError(`Peer ${name}`);
  return peer;
}

export function createPeer(tx: Tx, input: PeerInput) {
  return tx.federationPeer.create({ data: input, select: PEER_SELECT });
}

/** Update a peer read at `version` (409 when someone changed it since). */
export async function updatePeer(tx: Tx, name: string, version: number, input: Partial<PeerInput>) {
  const { count } = await tx.federationPeer.updateMany({
    where: { name, version },
    data: { ...input, version: { increment: 1 } },
  });
  if (!count) {
    await getPeer(tx, name);
    throw new StaleVersionError(`Peer ${name} changed since you read it: reload and try again`);
  }
  return getPeer(tx, name);
}

export async function deletePeer(tx: Tx, name: string): Promise<void> {
  const { count } = await tx.federationPeer.deleteMany({ where: { name } });
  if (!count) throw new NotFoundError(`Peer ${name}`);
}

/** Connection state and NACKs, written by the stream (no version bump: not an admin edit). */
export function setPeerStatus(
  tx: Tx,
  name: string,
  s: {
    connected?: boolean;
    error?: string;
    nack?: { side: "sent" | "received"; message: string };
    acked?: boolean;
  },
) {
  return tx.federationPeer.updateMany({
    where: { name },
    data: {
      ...(s.connected !== undefined ? { connected: s.connected } : {}),
      ...(s.connected ? { lastConnectedAt: new Date() } : {}),
      ...(s.error !== undefined ? { lastError: s.error } : {}),
      ...(s.acked ? { lastAckAt: new Date() } : {}),
      ...(s.nack
        ? { lastNackSide: s.nack.side, lastNackMessage: s.nack.message, lastNackAt: new Date() }
        : {}),
    },
  });
}

// ─── Owner side ──────────────────────────────────────────────────────────────

/**
 * Global services published to each of `peers`, with their exporters and the gateways to reach
 * them: one query however many peers (a change with 500 open streams reads once).
 */
export async function publishedTo(tx: Tx, peers: string[]) {
  const rows = await tx.federatedExport.findMany({
    where: { peerName: { in: peers } },
    select: {
      peerName: true,
      globalService: {
        select: {
          namespace: true,
          name: true,
          hostname: true,
          exports: {
            where: { enabled: true },
            select: {
              clusterName: true,
              cluster: {
                select: {
                  federationGateway: { select: { address: true, port: true } },
                  meshes: { select: { type: true, trustDomain: true } },
                },
              },
            },
            orderBy: { clusterName: "asc" },
          },
          services: { select: { clusterName: true, ports: true, labels: true } },
        },
      },
    },
  });
  return rows.map((r) => ({ peer: r.peerName, ...r.globalService }));
}

/** Peers `namespace/name` is published to. */
export async function peersOfService(tx: Tx, namespace: string, name: string): Promise<string[]> {
  const rows = await tx.federatedExport.findMany({
    where: { globalService: { namespace, name } },
    select: { peerName: true },
    orderBy: { peerName: "asc" },
  });
  return rows.map((r) => r.peerName);
}

/** `namespace/name` of every global service published, per peer. */
export async function peersPublishing(tx: Tx): Promise<Map<string, string[]>> {
  const rows = await tx.federatedExport.findMany({
    select: { peerName: true, globalService: { select: { namespace: true, name: true } } },
  });
  const out = new Map<string, string[]>();
  for (const r of rows)
    out.set(r.peerName, [
      ...(out.get(r.peerName) ?? []),
      `${r.globalService.namespace}/${r.globalService.name}`,
    ]);
  for (const list of out.values()) list.sort();
  return out;
}

/** Publish `namespace/name` to `peer`; false when it already was. */
export async function publish(tx: Tx, peer: string, namespace: string, name: string) {
  const gs = await tx.globalService.findUnique({ where: { namespace_name: { namespace, name } } });
  if (!gs) throw new NotFoundError(`Global service ${namespace}/${name}`);
  await getPeer(tx, peer);
  const { count } = await tx.federatedExport.createMany({
    data: [{ peerName: peer, globalServiceId: gs.id }],
    skipDuplicates: true,
  });
  return count > 0;
}

/** Stop publishing `namespace/name` to `peer`; false when it was not. */
export async function unpublish(tx: Tx, peer: string, namespace: string, name: string) {
  const { count } = await tx.federatedExport.deleteMany({
    where: { peerName: peer, globalService: { namespace, name } },
  });
  return count > 0;
}

/** Set where peers reach a cluster's east-west gateway. */
export function setGateway(tx: Tx, clusterName: string, address: string, port: number) {
  return tx.federationGateway.upsert({
    where: { clusterName },
    create: { clusterName, address, port },
    update: { address, port },
  });
}

// ─── Consumer side ───────────────────────────────────────────────────────────

/**
 * Whether `fqdn` is already used here by anything but `peer`'s service `name`: a global service
 * of this fleet or another offer. It says only that: what holds the name is not the asking
 * peer's business.
 */
export async function fqdnTaken(
  tx: Tx,
  fqdn: string,
  peer: string,
  name: string,
): Promise<boolean> {
  const local = await tx.globalService.findUnique({
    where: { hostname: fqdn },
    select: { id: true },
  });
  if (local) return true;
  const offers = await tx.offeredService.findMany({
    where: { NOT: { peerName: peer, name }, service: { path: ["fqdn"], equals: fqdn } },
    select: { peerName: true },
    take: 1,
  });
  return offers.length > 0;
}

/** Offers (`peer:name`, fqdn) whose fqdn is one of `fqdns`. */
export async function offersNamed(tx: Tx, fqdns: string[]) {
  if (!fqdns.length) return [];
  const rows = await tx.$queryRaw<{ peerName: string; name: string; fqdn: string }[]>`
    SELECT "peerName", "name", "service"->>'fqdn' AS fqdn FROM "OfferedService"
    WHERE "service"->>'fqdn' = ANY(${fqdns}::text[]) ORDER BY 1, 2`;
  return rows.map((r) => ({ offer: `${r.peerName}:${r.name}`, fqdn: r.fqdn }));
}

/** How many services each peer offers (one grouped count, no offer read). */
export async function countOffers(tx: Tx = pool()): Promise<Map<string, number>> {
  const rows = await tx.offeredService.groupBy({ by: ["peerName"], _count: { _all: true } });
  return new Map(rows.map((r) => [r.peerName, r._count._all]));
}

/** Whether `peer` already offers a service named `name`. */
export async function hasOffer(tx: Tx, peer: string, name: string): Promise<boolean> {
  const row = await tx.offeredService.findUnique({
    where: { peerName_name: { peerName: peer, name } },
    select: { name: true },
  });
  return row !== null;
}

/** Store an offer; says whether it is new, changed, or the same as stored (a resend). */
export async function storeOffer(
  tx: Tx,
  peer: string,
  service: FederatedService,
): Promise<"created" | "updated" | "unchanged"> {
  const where = { peerName_name: { peerName: peer, name: service.name } };
  const json = service as unknown as Json;
  const before = await tx.offeredService.findUnique({ where, select: { service: true } });
  if (before && sameJson(before.service, service)) return "unchanged";
  await tx.offeredService.upsert({
    where,
    create: { peerName: peer, name: service.name, service: json },
    update: { service: json, receivedAt: new Date() },
  });
  return before ? "updated" : "created";
}

export async function dropOffer(tx: Tx, peer: string, name: string): Promise<boolean> {
  const { count } = await tx.offeredService.deleteMany({ where: { peerName: peer, name } });
  return count > 0;
}

/**
 * What peers offer (`peer` set: that peer only), parsed with the FederatedService schema;
 * `page`: at most `limit` by name after `cursor`.
 */
export async function listOffers(
  tx: Tx = pool(),
  peer?: string,
  page?: { limit: number; cursor?: string },
) {
  const rows = await tx.offeredService.findMany({
    where: {
      ...(peer ? { peerName: peer } : {}),
      ...(page?.cursor ? { name: { gt: page.cursor } } : {}),
    },
    orderBy: [{ peerName: "asc" }, { name: "asc" }],
    ...(page ? { take: page.limit } : {}),
  });
  return rows.map((r) => ({
    peer: r.peerName,
    name: r.name,
    receivedAt: r.receivedAt,
    service: federatedServiceSchema.parse(r.service),
  }));
}

/** Every import of an offered service (clusters by name), with its version. */
export function listImports(tx: Tx = pool()) {
  return tx.federatedImport.findMany({ orderBy: [{ peerName: "asc" }, { serviceName: "asc" }] });
}

/**
 * Set the clusters an offered service is imported into, read at `version` (0 = not imported
 * yet). An empty list removes the import.
 */
export async function writeImport(
  tx: Tx,
  peer: string,
  serviceName: string,
  version: number,
  clusters: string[],
) {
  const key = { peerName_serviceName: { peerName: peer, serviceName } };
  const current = await tx.federatedImport.findUnique({ where: key });
  if ((current?.version ?? 0) !== version)
    throw new StaleVersionError(
      `The import of ${peer}:${serviceName} changed since you read it (version ${version}, now ${current?.version ?? 0}): reload and plan again`,
    );
  if (!clusters.length) {
    if (current) await tx.federatedImport.delete({ where: key });
    return;
  }
  await tx.federatedImport.upsert({
    where: key,
    create: { peerName: peer, serviceName, clusters },
    update: { clusters, version: { increment: 1 } },
  });
}
