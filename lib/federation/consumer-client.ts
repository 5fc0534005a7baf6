import "server-only";
import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { log } from "@/lib/infra/log";
import {
  clipEcho,
  MAX_SERVICE_BYTES,
  parseFederatedService,
  type FederatedService,
} from "@/lib/model/federated-service";
import { describeStreamFailure } from "./stream-failure";
import {
  FEDERATED_SERVICE_URL,
  hamlet,
  MAX_MESSAGE_BYTES,
  type Envelope,
  type StreamRequest,
  type StreamResponse,
} from "./proto";

// The consumer side of Hamlet v1alpha2 as published: Meridian connects to a peer's
// DiscoveryService over mutual TLS (the peer's CA verifies its server; our certificate identifies
// us), asks for FederatedServices, and answers every response by nonce: ACK once stored, NACK with
// a clear message when the resource is malformed or refused (nothing of it is stored). UPSERT
// stores by resource_id, DELETE removes by resource_id. A lost stream reconnects with a backoff
// that grows (with jitter) until a message is accepted again, and never deletes what the peer
// offered before: only the peer's DELETE does (a cut keeps the last state, as with the agents).

/** Thrown by a sink that refuses an offer for a reason of its own: the message is the NACK's. */
export class OfferRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OfferRefused";
  }
}

/** Where the consumer puts what it hears (lib/services/federation/consumer.ts). */
export interface ConsumerSink {
  /** Store an offered service (UPSERT). */
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
  /** The delays (ms) of the reconnects scheduled so far, oldest first (the last 50). */
  delays(): number[];
  close(): void;
}

const DEFAULT_BACKOFF: Backoff = { initialMs: 1000, maxMs: 60_000 };
/**
 * A stream still open this long after it started counts as connected even if the peer has sent
 * nothing: a spec peer with an empty catalog sends no message (and grpc-go no headers) until it
 * has something to say, and a refusal (UNAUTHENTICATED) arrives well within it.
 */
const OPEN_AFTER_MS = 1000;
/** A session this many initial backoffs long (10 s by default) counts as a working one. */
const STABLE_FACTOR = 10;

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
  const client = new codec.Client(conn.address, credentials, {
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
    ...(conn.serverName ? { "grpc.ssl_target_name_override": conn.serverName } : {}),
  });
  let closed = false;
  let open = false;
  let attempts = 0;
  let sessions = 0;
  let sessionStart = 0;
  let sessionAccepted = false;
  const delays: number[] = [];
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
    // A session that had a message accepted and then lived a while was a working peer: start
    // over. One that failed soon after (a message over the limit behind good ones) keeps growing.
    if (sessionAccepted && Date.now() - sessionStart >= backoff.initialMs * STABLE_FACTOR)
      attempts = 0;
    sessionAccepted = false;
    queue(() => sink.status(conn.peer, { connected: false, error }));
    // Exponential with jitter, capped. It grows across reconnects and starts over only once a
    // message from the peer was accepted (below): a peer that accepts the stream and then fails
    // it (or sends what cannot be read) is not hammered once a second.
    const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempts);
    attempts++;
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    delays.push(delay);
    if (delays.length > 50) delays.shift();
    timer = setTimeout(start, delay);
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

  // The peer's message was accepted (ACKed): the backoff may start over (retry() decides).
  const accepted = () => {
    sessionAccepted = true;
  };

  const onResponse = (res: StreamResponse) => {
    queue(async () => {
      const nack = async (message: string) => {
        answer(res.nonce, res.context, message);
        await sink.status(conn.peer, { connected: true, error: "", nackSent: message });
      };
      const id = res.resource_id;
      if (res.operation === "DELETE") {
        // The published DELETE names the service by resource_id; a resource, if any, is ignored.
        if (!id) return nack("DELETE without a resource_id names no FederatedService");
        await sink.withdraw(conn.peer, id);
        answer(res.nonce, res.context);
        accepted();
        return;
      }
      if (res.operation !== "UPSERT")
        return nack(`unknown operation ${res.operation}: Hamlet v1alpha2 has UPSERT and DELETE`);
      if (!res.resource || res.resource.type_url !== FEDERATED_SERVICE_URL)
        return nack(
          `unsupported resource ${clipEcho(res.resource?.type_url || "(none)")}: Meridian consumes ${FEDERATED_SERVICE_URL}`,
        );
      if (res.resource.value.length > MAX_SERVICE_BYTES)
        return nack(
          `FederatedService ${clipEcho(id || "(no resource_id)")} is ${res.resource.value.length} bytes: Meridian accepts at most ${MAX_SERVICE_BYTES}`,
        );
      let decoded: unknown;
      try {
        decoded = codec.decodeService(res.resource.value);
      } catch {
        return nack("the resource is not a FederatedService (it does not decode)");
      }
      const parsed = parseFederatedService(decoded);
      if (!parsed.ok) return nack(parsed.message);
      if (id && id !== parsed.service.name)
        return nack(
          `resource_id ${clipEcho(id)} is not the FederatedService's name ${parsed.service.name}`,
        );
      try {
        await sink.offer(conn.peer, parsed.service);
      } catch (error) {
        if (error instanceof OfferRefused) return nack(error.message);
        throw error;
      }
      answer(res.nonce, res.context);
      accepted();
    });
  };

  // No waitForReady: a call on a channel that cannot connect fails at once with UNAVAILABLE and
  // the transport's own reason ("self-signed certificate", "ECONNREFUSED"), which the peer's
  // status shows; waitForReady's deadline error would say only that time ran out.
  function start() {
    if (closed) return;
    const establish = client["EstablishStream"] as () => grpc.ClientDuplexStream<
      Envelope,
      Envelope
    >;
    const stream = establish.call(client);
    call = stream;
    sessionStart = Date.now();
    let failed = false;
    let openTimer: NodeJS.Timeout | undefined;
    const fail = (error: string) => {
      clearTimeout(openTimer);
      if (failed) return;
      failed = true;
      if (call === stream) retry(error);
    };
    // Open means accepted by the owner; the backoff still starts over only on an answered
    // message (accepted()), so headers followed by a failure keep growing it.
    const opened = () => {
      clearTimeout(openTimer);
      if (open || failed || call !== stream) return;
      open = true;
      sessions++;
      queue(() => sink.status(conn.peer, { connected: true, error: "" }));
    };
    const openWhenReady = () => {
      openTimer = setTimeout(() => {
        if (client.getChannel().getConnectivityState(false) === grpc.connectivityState.READY)
          opened();
        else if (!failed && !closed) openWhenReady();
      }, OPEN_AFTER_MS);
    };
    openWhenReady();
    stream.on("data", (msg: Envelope) => {
      opened();
      if (msg.response) onResponse(msg.response);
    });
    stream.on("metadata", opened);
    stream.on("error", (e: grpc.ServiceError) =>
      fail(closed ? "" : describeStreamFailure(conn.address, e.details || e.message, e.code)),
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
  }

  start();
  return {
    connected: () => open,
    sessions: () => sessions,
    delays: () => [...delays],
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      call?.cancel();
      client.close();
    },
  };
}
