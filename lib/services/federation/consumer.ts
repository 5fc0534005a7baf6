import "server-only";
import type { Actor } from "@/lib/model/actor";
import type { ChangeSetDto, PlanDto } from "@/lib/model/intent";
import type { FederatedService } from "@/lib/model/federated-service";
import { toRemoteImport } from "@/lib/model/federated-service";
import type { ImportChange, OfferDto } from "@/lib/model/peers";
import { IntentChangeError, planIntent, type RemoteImports } from "@/lib/domain/intent-change";
import { remoteKey } from "@/lib/meshes";
import { recordAudit } from "@/lib/store/audit";
import { storedDesired } from "@/lib/store/change-sets";
import { loadIntent, loadInventory } from "@/lib/store/intent";
import {
  dropOffer,
  fqdnHolder,
  getPeer,
  listImports,
  listOffers,
  setPeerStatus,
  storeOffer,
  writeImport,
} from "@/lib/store/peers";
import { pool, readTogether, transaction, type Tx } from "@/lib/store/transaction";
import { OfferRefused } from "@/lib/federation/consumer-client";
import { announce, recordChangeSet, type ApplyOptions } from "@/lib/services/sharing/change-sets";
import { currentRemoteImports } from "@/lib/services/federation/imports";

// The consumer side of federation: what peers offer (stored as the stream delivers it), and
// imports of offered services into clusters of this fleet, planned and applied like any other
// intent change (a change set, desired generations, the agents woken).

const peerActor = (peer: string): Actor => ({ type: "system", label: `peer ${peer}` });

/** Store an offered service (the stream's CREATE or UPDATE), audited as the peer's doing. */
export async function receiveOffer(peer: string, service: FederatedService): Promise<void> {
  await transaction(async (tx) => {
    // Hamlet leaves name collisions to the consumer: a host this fleet already serves, or that
    // another peer offers, is refused (a second ServiceEntry for it would split its traffic).
    const holder = await fqdnHolder(tx, service.fqdn, peer, service.name);
    if (holder)
      throw new OfferRefused(
        `FederatedService ${service.name}: fqdn ${service.fqdn} is already ${holder} here; publish it under another host`,
      );
    // A resend after a reconnect changes nothing and is not an event.
    const stored = await storeOffer(tx, peer, service);
    if (stored !== "unchanged")
      await recordAudit(tx, peerActor(peer), "peer.offer", "peer", peer, {
        service: service.name,
        change: stored,
      });
  });
}

/** The peer withdrew `name` (DELETE). Its import, if any, stays until a plan removes it. */
export async function receiveWithdrawal(peer: string, name: string): Promise<void> {
  await transaction(async (tx) => {
    if (await dropOffer(tx, peer, name))
      await recordAudit(tx, peerActor(peer), "peer.withdraw", "peer", peer, { service: name });
  });
}

/** The stream's state; a NACK we sent is kept for the peer's page. */
export async function receiveStatus(
  peer: string,
  s: { connected: boolean; error: string; nackSent?: string },
): Promise<void> {
  await setPeerStatus(pool(), peer, {
    connected: s.connected,
    error: s.error,
    ...(s.nackSent ? { nack: { side: "sent" as const, message: s.nackSent } } : {}),
  });
}

/** Every offered service with the clusters it is imported into. */
export async function listOfferedServices(peer?: string): Promise<OfferDto[]> {
  if (peer) await getPeer(pool(), peer);
  const [offers, imports] = [await listOffers(pool(), peer), await listImports()];
  return offers.map((o) => {
    const imp = imports.find((i) => i.peerName === o.peer && i.serviceName === o.name);
    return {
      peer: o.peer,
      name: o.name,
      receivedAt: o.receivedAt.toISOString(),
      service: o.service,
      importedInto: imp?.clusters ?? [],
      importVersion: imp?.version ?? 0,
    };
  });
}

async function compileImport(tx: Tx, peer: string, change: ImportChange) {
  await getPeer(tx, peer);
  const [intent, fleet, before, imports, offers] = await readTogether(
    tx,
    () => loadIntent(tx),
    () => loadInventory(tx),
    () => currentRemoteImports(tx),
    () => listImports(tx),
    () => listOffers(tx, peer),
  );
  const key = remoteKey({ peer, name: change.service });
  const existing = imports.find((i) => i.peerName === peer && i.serviceName === change.service);
  if ((existing?.version ?? 0) !== change.version)
    throw new IntentChangeError(
      "conflict",
      "stale_version",
      `The import of ${key} changed since you read it (version ${change.version}, now ${existing?.version ?? 0}): reload and plan again`,
      key,
    );
  const offer = offers.find((o) => o.name === change.service);
  if (!offer && change.clusters.length)
    throw new IntentChangeError(
      "not_found",
      "not_found",
      `Peer ${peer} offers no service ${change.service}`,
    );
  const known = new Set(fleet.clusters.map((c) => c.name));
  const unknown = change.clusters.filter((c) => !known.has(c));
  if (unknown.length)
    throw new IntentChangeError(
      "unprocessable",
      "unknown_cluster",
      `${key}: unknown cluster ${unknown.join(", ")}`,
      key,
    );
  const clusters = [...new Set(change.clusters)].sort();
  const others = before.filter((r) => remoteKey(r) !== key);
  const remote: RemoteImports = {
    before,
    after:
      offer && clusters.length
        ? [...others, toRemoteImport(peer, offer.service, clusters)]
        : others,
    touched: [...(existing?.clusters ?? []), ...clusters],
  };
  const changed = new Set([key]);
  const current = await storedDesired(tx, new Set(remote.touched));
  return {
    key,
    clusters,
    existing,
    compiled: planIntent(intent, intent, changed, fleet, current, remote),
  };
}

/** What importing an offered service into `clusters` would do, per cluster (no writes). */
export async function planImport(peer: string, change: ImportChange): Promise<PlanDto> {
  return (await compileImport(pool(), peer, change)).compiled.plan;
}

/**
 * Import an offered service into `clusters` (empty: remove the import): in one transaction the
 * import, each affected cluster's new desired generation, a change set and an audit event.
 */
export async function applyImport(
  peer: string,
  change: ImportChange,
  options: ApplyOptions,
): Promise<ChangeSetDto> {
  const result = await transaction(async (tx) => {
    const { key, clusters, existing, compiled } = await compileImport(tx, peer, change);
    await writeImport(tx, peer, change.service, change.version, clusters);
    return recordChangeSet(
      tx,
      {
        compiled,
        title: options.title ?? `${key}: import from peer ${peer}`,
        intentBefore: {
          remoteImports: [{ peer, service: change.service, clusters: existing?.clusters ?? [] }],
        },
        intentAfter: { remoteImports: [{ peer, service: change.service, clusters }] },
        services: [key],
        action: "changeset.apply",
      },
      options,
    );
  });
  return announce(result);
}
