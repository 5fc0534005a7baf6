import "server-only";
import { randomUUID, X509Certificate } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { canonicalJson } from "@/lib/agent-protocol/canonical-json";
import { log } from "@/lib/infra/log";
import {
  FEDERATED_SERVICE_URL,
  hamlet,
  type Envelope,
  type Operation,
  type StreamRequest,
} from "./proto";

// The owner side of Hamlet v1alpha2: Meridian serves the DiscoveryService on its own TLS port.
// A consumer opens EstablishStream and sends the initial StreamRequest; Meridian answers with a
// CREATE per service published to that peer, then UPDATE and DELETE as the publication changes,
// each with its own nonce that the consumer ACKs or NACKs. Who the consumer is comes from its
// client certificate: the peer whose registered CA issued it. Anyone else is refused (deny by
// default): TLS requires a client certificate from one of the peers' CAs.

/** What the server needs from the rest of Meridian (lib/services/federation/owner.ts). */
export interface OwnerSource {
  /** The registered peers' names and CA certificates (PEM). */
  peers(): Promise<{ name: string; caPem: string }[]>;
  /** The FederatedServices published to `peer` now (proto field names), by name. */
  published(peer: string): Promise<Map<string, Record<string, unknown>>>;
  /** The consumer answered a response: ACK (`message` undefined) or NACK with its message. */
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
  /** Rebind with the current peers' CAs (after a peer is registered, changed or removed). */
  reloadPeers(): Promise<void>;
  /** Streams open now, per peer. */
  streams(): Record<string, number>;
  close(): Promise<void>;
}

type Pending = { operation: Operation; service: string };

class PeerStream {
  /** What was last sent per service (canonical JSON), so a refresh sends only differences. */
  readonly sent = new Map<string, string>();
  readonly pending = new Map<string, Pending>();
  context = "";
  started = false;

  constructor(
    readonly peer: string,
    readonly call: grpc.ServerDuplexStream<Envelope, Envelope>,
  ) {}
}

/** Start the DiscoveryService; resolves once it listens. */
export async function startOwnerServer(opts: OwnerServerOptions): Promise<OwnerServer> {
  const codec = hamlet();
  const streams = new Set<PeerStream>();
  const known = new Map<string, Set<string>>();
  let peerCas: { name: string; ca: X509Certificate }[] = [];
  let server: grpc.Server | undefined;
  let port = opts.port;

  const identify = (call: grpc.ServerDuplexStream<Envelope, Envelope>): string | undefined => {
    const raw = call.getAuthContext()?.sslPeerCertificate?.raw;
    if (!raw) return undefined;
    const cert = new X509Certificate(raw);
    return peerCas.find((p) => cert.checkIssued(p.ca) && cert.verify(p.ca.publicKey))?.name;
  };

  async function sync(s: PeerStream): Promise<void> {
    const now = await opts.source.published(s.peer);
    const send = (operation: Operation, name: string, service: Record<string, unknown>) => {
      const nonce = randomUUID();
      s.pending.set(nonce, { operation, service: name });
      s.call.write({
        response: {
          nonce,
          resource_url: FEDERATED_SERVICE_URL,
          resource: { type_url: FEDERATED_SERVICE_URL, value: codec.encodeService(service) },
          operation,
          context: s.context,
        },
      });
    };
    for (const [name, service] of now) {
      const json = canonicalJson(service);
      const before = s.sent.get(name);
      if (before === json) continue;
      send(before === undefined ? "CREATE" : "UPDATE", name, service);
      s.sent.set(name, json);
    }
    // Names this process sent the peer on an earlier stream count too: a service revoked while
    // the consumer was away is deleted when it comes back (its stored offers outlive streams).
    const earlier = known.get(s.peer) ?? new Set<string>();
    for (const name of new Set([...s.sent.keys(), ...earlier]))
      if (!now.has(name)) {
        // A DELETE carries the service's name only: that is what identifies it.
        send("DELETE", name, { name });
        s.sent.delete(name);
      }
    known.set(s.peer, new Set(now.keys()));
  }

  async function onRequest(s: PeerStream, req: StreamRequest): Promise<void> {
    if (req.resource_url !== FEDERATED_SERVICE_URL) {
      s.call.destroy(
        Object.assign(new Error(`unknown resource_url ${req.resource_url}`), {
          code: grpc.status.INVALID_ARGUMENT,
        }),
      );
      return;
    }
    if (!req.response_nonce) {
      if (s.started) return;
      s.started = true;
      s.context = req.context;
      await sync(s);
      return;
    }
    const pending = s.pending.get(req.response_nonce);
    if (!pending) return; // an answer to a nonce of an earlier stream, or a duplicate
    s.pending.delete(req.response_nonce);
    const ok = !req.status || req.status.code === grpc.status.OK;
    // A NACKed CREATE or UPDATE is not sent again until the service changes (the consumer treats
    // an UPDATE of a service it does not hold as a CREATE), so a NACK never loops.
    await opts.source.answered(s.peer, {
      nonce: req.response_nonce,
      operation: pending.operation,
      service: pending.service,
      ...(ok ? {} : { nack: req.status?.message || `status ${req.status?.code}` }),
    });
  }

  const handler = (call: grpc.ServerDuplexStream<Envelope, Envelope>) => {
    const peer = identify(call);
    if (!peer) {
      call.destroy(
        Object.assign(new Error("client certificate not issued by a registered peer's CA"), {
          code: grpc.status.PERMISSION_DENIED,
        }),
      );
      return;
    }
    const s = new PeerStream(peer, call);
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
    const done = () => {
      streams.delete(s);
      call.end();
    };
    call.on("end", done);
    call.on("error", () => streams.delete(s));
    call.on("cancelled", () => streams.delete(s));
  };

  async function bind(): Promise<void> {
    const peers = await opts.source.peers();
    peerCas = peers.map((p) => ({ name: p.name, ca: new X509Certificate(p.caPem) }));
    const next = new grpc.Server();
    next.addService(codec.service, { EstablishStream: handler });
    // With no peer registered there is no CA to trust: the server's own (leaf) certificate
    // stands in, which issued nothing, so the port is up and every client is refused.
    const roots = peers.length ? peers.map((p) => p.caPem).join("\n") : opts.certPem;
    const creds = grpc.ServerCredentials.createSsl(
      Buffer.from(roots),
      [{ cert_chain: Buffer.from(opts.certPem), private_key: Buffer.from(opts.keyPem) }],
      true,
    );
    port = await new Promise<number>((resolve, reject) =>
      next.bindAsync(`${opts.host ?? "0.0.0.0"}:${port}`, creds, (err, p) =>
        err ? reject(err) : resolve(p),
      ),
    );
    server = next;
  }

  async function shutdown(): Promise<void> {
    const s = server;
    server = undefined;
    for (const st of streams) st.call.end();
    streams.clear();
    if (s) {
      s.forceShutdown();
    }
  }

  await bind();
  return {
    get port() {
      return port;
    },
    async refresh() {
      await Promise.all([...streams].filter((s) => s.started).map((s) => sync(s)));
    },
    async reloadPeers() {
      await shutdown();
      await bind();
    },
    streams() {
      const out: Record<string, number> = {};
      for (const s of streams) out[s.peer] = (out[s.peer] ?? 0) + 1;
      return out;
    },
    close: shutdown,
  };
}
