import "server-only";
import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { log } from "@/lib/infra/log";
import { parseFederatedService, type FederatedService } from "@/lib/model/federated-service";
import {
  FEDERATED_SERVICE_URL,
  hamlet,
  type Envelope,
  type StreamRequest,
  type StreamResponse,
} from "./proto";

// The consumer side of Hamlet v1alpha2: Meridian connects to a peer's DiscoveryService over mutual
// TLS (the peer's CA verifies its server; our certificate identifies us), asks for
// FederatedServices, and answers every response by nonce: ACK once stored, NACK with a clear
// message when the resource is malformed (nothing of it is stored). A lost stream reconnects with
// backoff and never deletes what the peer offered before: only the peer's DELETE does (the same
// rule as the agents': a cut keeps the last state).

/** Thrown by a sink that refuses an offer for a reason of its own: the message is the NACK's. */
export class OfferRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OfferRefused";
  }
}

/** Where the consumer puts what it hears (lib/services/federation/consumer.ts). */
export interface ConsumerSink {
  /** Store an offered service (CREATE, or UPDATE of one not held yet). */
  offer(peer: string, service: FederatedService): Promise<void>;
  /** The peer no longer offers `name`. */
  withdraw(peer: string, name: string): Promise<void>;
  /** Connection state, the last error ("" = none) and a NACK we sent. */
  status(
    peer: string,
    status: { connected: boolean; error: string; nackSent?: string },
  ): Promise<void>;
}

export interface PeerConnection {
  peer: string;
  address: string;
  /** The peer's CA (PEM): verifies its server certificate. */
  caPem: string;
  /** Our client certificate and key (PEM). */
  certPem: string;
  keyPem: string;
  /** TLS server name to verify, when the address is not the name in the peer's certificate. */
  serverName?: string;
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export interface ConsumerHandle {
  /** True while the stream is open on a ready channel. */
  connected(): boolean;
  /** How many times the stream was (re)established. */
  sessions(): number;
  close(): void;
}

const DEFAULT_BACKOFF: Backoff = { initialMs: 1000, maxMs: 60_000 };

/** Connect to a peer and keep connected until `close()`. */
export function connectToPeer(
  conn: PeerConnection,
  sink: ConsumerSink,
  backoff: Backoff = DEFAULT_BACKOFF,
): ConsumerHandle {
  const codec = hamlet();
  const credentials = grpc.credentials.createSsl(
    Buffer.from(conn.caPem),
    Buffer.from(conn.keyPem),
    Buffer.from(conn.certPem),
  );
  const client = new codec.Client(
    conn.address,
    credentials,
    conn.serverName ? { "grpc.ssl_target_name_override": conn.serverName } : {},
  );
  let closed = false;
  let open = false;
  let attempts = 0;
  let sessions = 0;
  let timer: NodeJS.Timeout | undefined;
  let call: grpc.ClientDuplexStream<Envelope, Envelope> | undefined;
  // Sink writes happen one at a time, in the order the peer sent them.
  let chain = Promise.resolve();
  const queue = (work: () => Promise<void>) => {
    chain = chain
      .then(work)
      .catch((error) =>
        log.warn("hamlet: consumer step failed", { peer: conn.peer, error: String(error) }),
      );
  };

  const retry = (error: string) => {
    open = false;
    call = undefined;
    if (closed) return;
    queue(() => sink.status(conn.peer, { connected: false, error }));
    // Exponential with full jitter, capped: a peer that is down is not hammered.
    const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempts);
    attempts++;
    timer = setTimeout(start, Math.round(ceiling / 2 + (Math.random() * ceiling) / 2));
  };

  const answer = (nonce: string, context: string, nack?: string) =>
    call?.write({
      request: {
        resource_url: FEDERATED_SERVICE_URL,
        response_nonce: nonce,
        status: nack
          ? { code: grpc.status.INVALID_ARGUMENT, message: nack }
          : { code: 0, message: "" },
        context,
      } satisfies StreamRequest,
    });

  const onResponse = (res: StreamResponse) => {
    queue(async () => {
      const nack = async (message: string) => {
        answer(res.nonce, res.context, message);
        await sink.status(conn.peer, { connected: true, error: "", nackSent: message });
      };
      if (!res.resource || res.resource.type_url !== FEDERATED_SERVICE_URL)
        return nack(
          `unsupported resource ${res.resource?.type_url || "(none)"}: Meridian consumes ${FEDERATED_SERVICE_URL}`,
        );
      let decoded: unknown;
      try {
        decoded = codec.decodeService(res.resource.value);
      } catch {
        return nack("the resource is not a FederatedService (it does not decode)");
      }
      if (res.operation === "DELETE") {
        const name = (decoded as { name?: string }).name;
        if (!name) return nack("DELETE names no FederatedService");
        await sink.withdraw(conn.peer, name);
        answer(res.nonce, res.context);
        return;
      }
      if (res.operation !== "CREATE" && res.operation !== "UPDATE")
        return nack(`unknown operation ${res.operation}`);
      const parsed = parseFederatedService(decoded);
      if (!parsed.ok) return nack(parsed.message);
      try {
        await sink.offer(conn.peer, parsed.service);
      } catch (error) {
        if (error instanceof OfferRefused) return nack(error.message);
        throw error;
      }
      answer(res.nonce, res.context);
    });
  };

  function start() {
    if (closed) return;
    client.waitForReady(Date.now() + Math.max(backoff.maxMs, 5000), (err) => {
      if (closed) return;
      if (err) return retry(`cannot reach ${conn.address}: ${err.message}`);
      const establish = client["EstablishStream"] as () => grpc.ClientDuplexStream<
        Envelope,
        Envelope
      >;
      const stream = establish.call(client);
      call = stream;
      let failed = false;
      const fail = (error: string) => {
        if (failed) return;
        failed = true;
        if (call === stream) retry(error);
      };
      stream.on("data", (msg: Envelope) => {
        if (!open) {
          // The owner accepted us: the backoff starts over.
          open = true;
          attempts = 0;
          sessions++;
          queue(() => sink.status(conn.peer, { connected: true, error: "" }));
        }
        if (msg.response) onResponse(msg.response);
      });
      stream.on("metadata", () => {
        if (open) return;
        open = true;
        attempts = 0;
        sessions++;
        queue(() => sink.status(conn.peer, { connected: true, error: "" }));
      });
      stream.on("error", (e: grpc.ServiceError) =>
        fail(closed ? "" : `stream to ${conn.address} failed: ${e.details || e.message}`),
      );
      stream.on("end", () => fail(closed ? "" : `the peer ${conn.peer} ended the stream`));
      stream.write({
        request: {
          resource_url: FEDERATED_SERVICE_URL,
          response_nonce: "",
          status: null,
          context: randomUUID(),
        },
      });
    });
  }

  start();
  return {
    connected: () => open,
    sessions: () => sessions,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      call?.cancel();
      client.close();
    },
  };
}
