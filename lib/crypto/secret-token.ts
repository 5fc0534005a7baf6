import "server-only";
import { randomBytes } from "node:crypto";
import { hashSecret } from "@/lib/agent-protocol/credential";

/** Kinds of bearer secrets Meridian issues, each with a recognisable prefix. */
export const TOKEN_PREFIXES = { api: "mrd_pat_", join: "mrd_join_", agent: "mrd_agent_" } as const;
export type TokenKind = keyof typeof TOKEN_PREFIXES;

/** A new secret: the plaintext (shown once), its display prefix and the hash to store. */
export function issueSecretToken(kind: TokenKind): { token: string; prefix: string; hash: string } {
  const token = TOKEN_PREFIXES[kind] + randomBytes(32).toString("base64url");
  return {
    token,
    prefix: token.slice(0, TOKEN_PREFIXES[kind].length + 6),
    hash: hashSecretToken(token),
  };
}

/**
 * SHA-256 of a token. The tokens carry 256 random bits, so a fast hash is safe here
 * (a KDF is for low-entropy passwords) and lets every request look the token up by hash.
 */
export const hashSecretToken = hashSecret;
