import "server-only";
import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { canonicalJson } from "@/lib/agent-protocol/canonical-json";
import { log } from "@/lib/infra/log";
import { identifyPeer, parsePeerCas, peerServerCredentials, type PeerCa } from "./peer-identity";
import {
  FEDERATED_SERVICE_URL,
  hamlet,
  MAX_MESSAGE_BYTES,
  type Envelope,
  type Operation,
  type StreamRequest,
} from "./proto";

// The owner side of Hamlet v1alpha2 as published: Meridian serves the DiscoveryService on its own
// TLS port. A consumer opens EstablishStream and sends the initial StreamRequest; Meridian answers
// with an UPSERT per service published to that peer, then UPSERT and DELETE (by resource_id, the
// service's name) as the publication changes. The spec allows one message in flight: the next is
// sent only once the consumer ACKed or NACKed the last. Who the consumer is comes from its client
// certificate: the peer whose registered CA issued it; anyone else gets UNAUTHENTICATED.

/** What the server needs from the rest of Meridian (lib/services/federation/owner.ts). */
export interface OwnerSource {
  /** The registered peers' names and CA certificates (PEM). */
  peers(): Promise<{ name: string; caPem: string }[]>;
  /** The FederatedServices published now to each of `peers` (proto field names), in one read. */
  published(peers: string[]): Promise<Map<string, Map<string, Record<string, unknown>>>>;
  /** The consumer answered a response: ACK (`nack` undefined) or NACK with its message. */
  answered(
    peer: string,
    answer: { nonce: string; operation: Operation; service: string; nack?: string },
  ): Promise<void>;
}

export interface OwnerServerOptions {
  host?: string;
  port: number;
  certPem: string;
  keyPem: string;
  source: OwnerSource;
}

export interface OwnerServer {
  /** The port bound (useful with port 0). */
  port: number;
  /** Compare every open stream's publication with what it was sent, and send the differences. */
  refresh(): Promise<void>;
  /**
   * Take the registered peers' CAs again (after a peer is registered, changed or removed). Only
   * the streams of a peer that was removed or whose CA changed are ended; the port stays bound.
   */
  reloadPeers(): Promise<void>;
  /** End the open streams of `peer` (every peer's when omitted); their consumers reconnect. */
  endStreams(peer?: string): void;
  /** Streams open now, per peer. */
  streams(): Record<string, number>;
  close(): Promise<void>;
}

type Outgoing = { operation: Operation; id: string; service: Record<string, unknown> };

class PeerStream {
  /** What was last sent per service (canonical JSON), so a refresh sends only differences. */
  readonly sent = new Map<string, string>();
  /** Waiting to be sent, one per service id (a later change replaces an earlier one). */
  readonly queue = new Map<string, Outgoing>();
  inFlight: { nonce: string; operation: Operation; id: string } | undefined;
  context = "";
  started = false;

  constructor(
    readonly peer: string,
    readonly caFingerprint: string,
    readonly call: grpc.ServerDuplexStream<Envelope, Envelope>,
  ) {}
}

const statusError = (code: grpc.status, message: string) =>
  Object.assign(new Error(message), { code, details: message });

/**
 * End a stream with a gRPC status. grpc-js sends the status of an "error" event as the call's
 * trailers; destroy() would drop the call without one, and the client would see no reason.
 */
const endWith = (
  call: grpc.ServerDuplexStream<Envelope, Envelope>,
  code: grpc.status,
  message: string,
) => call.emit("error", statusError(code, message));

/** Start the DiscoveryService; resolves once it listens. */
export async function startOwnerServer(opts: OwnerServerOptions): Promise<OwnerServer> {
  const codec = hamlet();
  const streams = new Set<PeerStream>();
  const known = new Map<string, Set<string>>();
  const tls = peerServerCredentials(opts.certPem, opts.keyPem);
  let peerCas: PeerCa[] = [];

  // One message in flight per stream (spec: "Message passing protocol is synchronous with only
  // one message in flight"): the next leaves when the last is answered.
  function pump(s: PeerStream): void {
    if (s.inFlight) return;
    const next = s.queue.values().next();
    if (next.done) return;
    const out = next.value;
    s.queue.delete(out.id);
    const nonce = randomUUID();
    s.inFlight = { nonce, operation: out.operation, id: out.id };
    s.call.write({
      response: {
        nonce,
        resource_url: FEDERATED_SERVICE_URL,
        resource_id: out.id,
        resource: { type_url: FEDERATED_SERVICE_URL, value: codec.encodeService(out.service) },
        operation: out.operation,
        context: s.context,
      },
    });
  }

  function sync(s: PeerStream, now: Map<string, Record<string, unknown>>): void {
    for (const [name, service] of now) {
      const json = canonicalJson(service);
      if (s.sent.get(name) === json) continue;
      s.queue.set(name, { operation: "UPSERT", id: name, service });
      s.sent.set(name, json);
    }
    // Names this process sent the peer on an earlier stream count too: a service revoked while
    // the consumer was away is deleted when it comes back (its stored offers outlive streams).
    const earlier = known.get(s.peer) ?? new Set<string>();
    for (const name of new Set([...s.sent.keys(), ...earlier]))
      if (!now.has(name)) {
        // The published DELETE names the service by resource_id; the resource repeats the name.
        s.queue.set(name, { operation: "DELETE", id: name, service: { name } });
        s.sent.delete(name);
      }
    known.set(s.peer, new Set(now.keys()));
    pump(s);
  }

  /** One read for every stream in `list`, however many there are. */
  async function syncAll(list: PeerStream[]): Promise<void> {
    if (!list.length) return;
    const published = await opts.source.published([...new Set(list.map((s) => s.peer))]);
    for (const s of list) sync(s, published.get(s.peer) ?? new Map());
  }

  async function onRequest(s: PeerStream, req: StreamRequest): Promise<void> {
    if (req.resource_url !== FEDERATED_SERVICE_URL) {
      endWith(
        s.call,
        grpc.status.INVALID_ARGUMENT,
        `unknown resource_url ${req.resource_url.slice(0, 200)}: Meridian serves ${FEDERATED_SERVICE_URL}`,
      );
      return;
    }
    if (!req.response_nonce) {
      if (s.started) return;
      s.started = true;
      s.context = req.context.slice(0, 256);
      await syncAll([s]);
      return;
    }
    const pending = s.inFlight;
    // An answer to a nonce of an earlier stream, or a duplicate: nothing is waiting on it.
    if (!pending || pending.nonce !== req.response_nonce) return;
    s.inFlight = undefined;
    const ok = !req.status || req.status.code === grpc.status.OK;
    // A NACKed UPSERT is not sent again until the service changes, so a NACK never loops.
    await opts.source.answered(s.peer, {
      nonce: req.response_nonce,
      operation: pending.operation,
      service: pending.id,
      ...(ok ? {} : { nack: req.status?.message || `status ${req.status?.code}` }),
    });
    pump(s);
  }

  const handler = (call: grpc.ServerDuplexStream<Envelope, Envelope>) => {
    const who = identifyPeer(call.getAuthContext()?.sslPeerCertificate?.raw, peerCas);
    if ("refused" in who) {
      endWith(call, grpc.status.UNAUTHENTICATED, who.refused);
      return;
    }
    const peer = who.peer;
    const ca = peerCas.find((p) => p.name === peer)!.ca.fingerprint256;
    const s = new PeerStream(peer, ca, call);
    streams.add(s);
    // Headers at once: the consumer knows it was accepted before anything is published to it.
    call.sendMetadata(new grpc.Metadata());
    // Requests are handled one at a time, in order: an ACK never overtakes the initial request.
    let chain = Promise.resolve();
    call.on("data", (msg: Envelope) => {
      if (!msg.request) return;
      const req = msg.request;
      chain = chain
        .then(() => onRequest(s, req))
        .catch((error) => log.warn("hamlet: request failed", { peer, error: String(error) }));
    });
    call.on("end", () => {
      streams.delete(s);
      call.end();
    });
    call.on("error", () => streams.delete(s));
    call.on("cancelled", () => streams.delete(s));
  };

  const loadCas = async () => {
    const peers = await opts.source.peers();
    peerCas = parsePeerCas(peers);
    tls.setCas(peers.map((p) => p.caPem));
  };

  function endStreams(peer?: string): void {
    for (const s of [...streams])
      if (peer === undefined || s.peer === peer) {
        streams.delete(s);
        s.call.end();
      }
  }

  await loadCas();
  const server = new grpc.Server({
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  });
  server.addService(codec.service, { EstablishStream: handler });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${opts.host ?? "0.0.0.0"}:${opts.port}`, tls.credentials, (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );

  return {
    port,
    async refresh() {
      await syncAll([...streams].filter((s) => s.started));
    },
    async reloadPeers() {
      await loadCas();
      const current = new Map(peerCas.map((p) => [p.name, p.ca.fingerprint256]));
      for (const s of [...streams])
        if (current.get(s.peer) !== s.caFingerprint) {
          streams.delete(s);
          endWith(
            s.call,
            grpc.status.UNAUTHENTICATED,
            `peer ${s.peer} was removed or its CA changed`,
          );
        }
    },
    endStreams,
    streams() {
      const out: Record<string, number> = {};
      for (const s of streams) out[s.peer] = (out[s.peer] ?? 0) + 1;
      return out;
    },
    async close() {
      endStreams();
      server.forceShutdown();
    },
  };
}
