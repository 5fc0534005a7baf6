import "server-only";
import { hashSecretToken, TOKEN_PREFIXES } from "@/lib/crypto/secret-token";
import { type AgentPrincipal } from "@/lib/model/actor";
import { cachedCredential, rememberCredential } from "@/lib/store/agent-credential-cache";
import { findCredential, touchCredential } from "@/lib/store/agents";
import { ensureListening } from "@/lib/store/desired-notify";

// Which cluster an agent credential speaks for, on every agent request.

const TOUCH_INTERVAL_MS = 30_000;

/**
 * Resolve an agent credential, or null when unknown or revoked. Checked credentials are
 * remembered briefly (lib/store/agent-credential-cache.ts), so an agent's burst of requests
 * after an intent change does not query for its credential each time.
 */
export async function authenticateAgent(credential: string): Promise<AgentPrincipal | null> {
  if (!credential.startsWith(TOKEN_PREFIXES.agent) || credential.length > 200) return null;
  const tokenHash = hashSecretToken(credential);
  const cached = cachedCredential(tokenHash);
  if (cached) return cached;
  // Listen before trusting the cache: revocations on other replicas arrive through it.
  ensureListening();
  const row = await findCredential(tokenHash);
  if (!row || row.revokedAt) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
    await touchCredential(row.id, new Date(now));
  const principal = { clusterName: row.clusterName, credentialId: row.id };
  rememberCredential(tokenHash, principal);
  return principal;
}
