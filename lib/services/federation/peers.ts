import "server-only";
import { X509Certificate } from "node:crypto";
import { conflict, invalid } from "@/lib/domain/errors";
import type { Actor } from "@/lib/model/actor";
import type { PeerDto, PeerInput, PeerUpdate } from "@/lib/model/peers";
import { recordAudit } from "@/lib/store/audit";
import {
  createPeer,
  deletePeer,
  getPeer,
  listImports,
  listOffers,
  listPeers,
  peersPublishing,
  updatePeer,
  type PeerRow,
} from "@/lib/store/peers";
import { pool, transaction } from "@/lib/store/transaction";
import { federationChanged } from "@/lib/services/federation/runtime";

// Admin use cases for federation peers: register, change, remove (each audited), and list them
// with their stream status and last NACK.

/** The CA must be one parseable CA certificate: the peer's certificates are checked against it. */
function checkCa(pem: string): string {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw invalid("caPem is not a readable X.509 certificate", "invalid_ca");
  }
  if (!cert.ca)
    throw invalid("caPem is not a CA certificate (basicConstraints CA:FALSE)", "invalid_ca");
  return cert.fingerprint256;
}

function toDto(p: PeerRow, publishing: readonly string[], offered: number): PeerDto {
  return {
    name: p.name,
    address: p.address,
    caPem: p.caPem,
    caFingerprint: new X509Certificate(p.caPem).fingerprint256,
    bundleEndpoint: p.bundleEndpoint,
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    connected: p.connected,
    lastConnectedAt: p.lastConnectedAt?.toISOString() ?? null,
    lastError: p.lastError,
    lastAckAt: p.lastAckAt?.toISOString() ?? null,
    lastNack:
      p.lastNackAt && (p.lastNackSide === "sent" || p.lastNackSide === "received")
        ? { side: p.lastNackSide, message: p.lastNackMessage, at: p.lastNackAt.toISOString() }
        : null,
    publishing: [...publishing],
    offered,
  };
}

/** Every peer with what is published to it and how many services it offers. */
export async function listFederationPeers(): Promise<PeerDto[]> {
  const tx = pool();
  const [peers, publishing, offers] = [
    await listPeers(tx),
    await peersPublishing(tx),
    await listOffers(tx),
  ];
  return peers.map((p) =>
    toDto(p, publishing.get(p.name) ?? [], offers.filter((o) => o.peer === p.name).length),
  );
}

export async function getFederationPeer(name: string): Promise<PeerDto> {
  const tx = pool();
  const p = await getPeer(tx, name);
  const publishing = (await peersPublishing(tx)).get(name) ?? [];
  return toDto(p, publishing, (await listOffers(tx, name)).length);
}

/** Two peers with one CA could not be told apart by their client certificates. */
async function refuseSharedCa(fingerprint: string, except?: string): Promise<void> {
  for (const p of await listPeers())
    if (p.name !== except && new X509Certificate(p.caPem).fingerprint256 === fingerprint)
      throw conflict(
        `peer ${p.name} already has this CA: each peer needs its own CA, which is how its client certificate tells who it is`,
        "ca_in_use",
      );
}

export async function registerPeer(input: PeerInput, actor: Actor): Promise<PeerDto> {
  const fingerprint = checkCa(input.caPem);
  await refuseSharedCa(fingerprint);
  await transaction(async (tx) => {
    await createPeer(tx, input);
    await recordAudit(tx, actor, "peer.create", "peer", input.name, {
      address: input.address,
      caFingerprint: fingerprint,
      bundleEndpoint: input.bundleEndpoint,
    });
  });
  await federationChanged("peersChanged");
  return getFederationPeer(input.name);
}

export async function changePeer(name: string, input: PeerUpdate, actor: Actor): Promise<PeerDto> {
  const { version, ...fields } = input;
  if (fields.caPem) await refuseSharedCa(checkCa(fields.caPem), name);
  await transaction(async (tx) => {
    await updatePeer(tx, name, version, fields);
    await recordAudit(tx, actor, "peer.update", "peer", name, {
      fields: Object.keys(fields).sort(),
    });
  });
  await federationChanged("peersChanged");
  return getFederationPeer(name);
}

/** Remove a peer: nothing is published to it any more, and what it offered is forgotten. */
export async function removePeer(name: string, actor: Actor): Promise<void> {
  const imported = (await listImports()).filter((i) => i.peerName === name);
  if (imported.length)
    throw conflict(
      `${name}'s services are imported here (${imported.map((i) => i.serviceName).join(", ")}): remove those imports through a plan first, so their resources leave the clusters`,
      "peer_has_imports",
    );
  await transaction(async (tx) => {
    await deletePeer(tx, name);
    await recordAudit(tx, actor, "peer.delete", "peer", name, {});
  });
  await federationChanged("peersChanged");
}
