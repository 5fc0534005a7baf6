import { createHash, randomBytes } from "node:crypto";

/** Prefix of agent credentials (recognisable in logs, where they are redacted). */
export const AGENT_CREDENTIAL_PREFIX = "mrd_agent_";

/** SHA-256 (hex) of a bearer secret: how Meridian stores and looks up every token it accepts. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * A new agent credential, made by the agent itself: only its hash travels to Meridian at
 * registration, so a registration whose answer was lost can be retried with the same join
 * token and the same hash (idempotent), and the secret never crosses the wire.
 */
export function newAgentCredential(): { credential: string; hash: string } {
  const credential = AGENT_CREDENTIAL_PREFIX + randomBytes(32).toString("base64url");
  return { credential, hash: hashSecret(credential) };
}
