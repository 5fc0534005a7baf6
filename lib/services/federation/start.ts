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
      published: (peer) => scope(() => publishedServices(peer)),
      answered: (peer, answer) => scope(() => recordAnswer(peer, answer)),
    },
  });
  const consumers = new Map<string, { handle: ConsumerHandle; key: string }>();
  const sink = {
    offer: (peer: string, s: Parameters<typeof receiveOffer>[1]) =>
      scope(() => receiveOffer(peer, s)),
    withdraw: (peer: string, name: string) => scope(() => receiveWithdrawal(peer, name)),
    status: (peer: string, s: Parameters<typeof receiveStatus>[1]) =>
      scope(() => receiveStatus(peer, s)),
  };
  // One stream per peer; a peer whose address or CA changed gets a new one.
  const syncConsumers = async () => {
    const peers = await scope(() => listPeers());
    const wanted = new Map(peers.map((p) => [p.name, `${p.address}\u0000${p.caPem}`]));
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
  });
  log.info("Hamlet DiscoveryService listening", { port: federation.owner.port });
  return federation;
}
