import { Server, type IncomingMessage } from "node:http";

/**
 * The request header that carries the TCP peer's address to route handlers, which `next start`
 * gives no socket. Meridian writes it on every request it receives (see
 * {@link stampPeerAddresses}), overwriting whatever a client sent, so it cannot be forged.
 */
export const PEER_HEADER = "x-meridian-peer";

const STAMPED = Symbol.for("meridian.peerAddressStamp");

/** Write the socket's address into {@link PEER_HEADER}, replacing any value the client sent. */
export function stampPeer(req: IncomingMessage): void {
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_HEADER] = address;
  else delete req.headers[PEER_HEADER];
}

/**
 * From now on, every `node:http` server in this process stamps {@link PEER_HEADER} on each
 * request before its listeners see it (Next's own server included: instrumentation.ts calls
 * this at start-up). Idempotent.
 */
export function stampPeerAddresses(): void {
  const proto = Server.prototype as Server & { [STAMPED]?: true };
  if (proto[STAMPED]) return;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") stampPeer(args[0] as IncomingMessage);
    return emit.call(this, event, ...args);
  } as Server["emit"];
  proto[STAMPED] = true;
}
