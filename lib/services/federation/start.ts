import "server-only";
import { readFileSync } from "node:fs";
import { connectToPeer, type Backoff, type ConsumerHandle } from "@/lib/federation/consumer-client";
import { startOwnerServer, type OwnerServer } from "@/lib/federation/owner-server";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { listPeers } from "@/lib/store/peers";
import { receiveOffer, receiveStatus, receiveWithdrawal } from "@/lib/services/federation/consumer";
import { peerCas, publishedServices, recordAnswer } from "@/lib/services/federation/owner";
import { onFederationChange } from "@/lib/services/federation/runtime";
import type { OfferLimits } from "@/lib/services/federation/admission";

// Hamlet at run time: the DiscoveryService on its own TLS port (owner) and one stream to each
// registered peer (consumer), both following the peers and publications as admins change them.

export interface FederationOptions {
  host?: string;
  /** The DiscoveryService port (0: any free port). */
  port: number;
  /** This Meridian's certificate (server and client) and its key, PEM. */
  certPem: string;
  keyPem: string;
  backoff?: Backoff;
  /** The DNS domain services are published under (MERIDIAN_HAMLET_DOMAIN). */
  domain?: string;
  /** Limits on what a peer may offer (default: the environment's). */
  limits?: OfferLimits;
  /** Runs each database step in this Meridian's context (tests run two in one process). */
  scope?: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface Federation {
  owner: OwnerServer;
  consumer(peer: string): ConsumerHandle | undefined;
  close(): Promise<void>;
}

/** Serve the DiscoveryService and connect to every peer. */
export async function startFederation(opts: FederationOptions): Promise<Federation> {
  const scope = opts.scope ?? (<T>(work: () => Promise<T>) => work());
  const owner = await startOwnerServer({
    host: opts.host,
    port: opts.port,
    certPem: opts.certPem,
    keyPem: opts.keyPem,
    source: {
      peers: () => scope(peerCas),
      published: (peers) => scope(() => publishedServices(peers, opts.domain)),
      answered: (peer, answer) => scope(() => recordAnswer(peer, answer)),
    },
  });
  const consumers = new Map<string, { handle: ConsumerHandle; key: string }>();
  const sink = {
    offer: (peer: string, s: Parameters<typeof receiveOffer>[1]) =>
      scope(() => receiveOffer(peer, s, opts.limits)),
    withdraw: (peer: string, name: string) => scope(() => receiveWithdrawal(peer, name)),
    status: (peer: string, s: Parameters<typeof receiveStatus>[1]) =>
      scope(() => receiveStatus(peer, s)),
  };
  // One stream per peer; a peer whose address, CA or domains changed gets a new one (and with
  // it the peer's whole catalog again, as on any reconnect: offers refused under the old
  // domains are judged again). No other peer's stream is touched.
  const syncNow = async () => {
    const peers = await scope(() => listPeers());
    const wanted = new Map(
      peers.map((p) => [p.name, [p.address, p.caPem, ...p.domains].join("\u0000")]),
    );
    for (const [name, c] of consumers)
      if (wanted.get(name) !== c.key) {
        c.handle.close();
        consumers.delete(name);
      }
    for (const p of peers)
      if (!consumers.has(p.name))
        consumers.set(p.name, {
          key: wanted.get(p.name)!,
          handle: connectToPeer(
            {
              peer: p.name,
              address: p.address,
              caPem: p.caPem,
              certPem: opts.certPem,
              keyPem: opts.keyPem,
            },
            sink,
            opts.backoff,
          ),
        });
  };
  // One sync at a time: two overlapping ones (peers registered in quick succession) would both
  // see a peer without a stream and open two, one of them never closed.
  let syncing = Promise.resolve();
  const syncConsumers = () => {
    const run = syncing.then(syncNow);
    syncing = run.catch(() => undefined);
    return run;
  };
  await syncConsumers();
  const stop = onFederationChange({
    peersChanged: async () => {
      await owner.reloadPeers();
      await syncConsumers();
    },
    publicationChanged: () => owner.refresh(),
  });
  return {
    owner,
    consumer: (peer) => consumers.get(peer)?.handle,
    async close() {
      stop();
      for (const c of consumers.values()) c.handle.close();
      consumers.clear();
      await owner.close();
    },
  };
}

/** With MERIDIAN_HAMLET_PORT set: federation from the environment's certificate files. */
export async function startFederationFromEnv(): Promise<Federation | undefined> {
  const e = env();
  if (!e.MERIDIAN_HAMLET_PORT) return undefined;
  if (!e.MERIDIAN_HAMLET_CERT_FILE || !e.MERIDIAN_HAMLET_KEY_FILE)
    throw new Error(
      "MERIDIAN_HAMLET_PORT needs MERIDIAN_HAMLET_CERT_FILE and MERIDIAN_HAMLET_KEY_FILE",
    );
  const federation = await startFederation({
    host: e.MERIDIAN_HAMLET_HOST,
    port: e.MERIDIAN_HAMLET_PORT,
    certPem: readFileSync(e.MERIDIAN_HAMLET_CERT_FILE, "utf8"),
    keyPem: readFileSync(e.MERIDIAN_HAMLET_KEY_FILE, "utf8"),
    domain: e.MERIDIAN_HAMLET_DOMAIN,
  });
  log.info("Hamlet DiscoveryService listening", { port: federation.owner.port });
  return federation;
}
