import "server-only";
import type { Prisma } from "@/lib/store/client";
import { DESIRED_CHANNEL, onCredentialsRevoked, REVOKED_PREFIX } from "@/lib/store/desired-notify";

// Agent credentials this replica has checked recently, by token hash. An intent change makes
// every agent call within a second (its acknowledgement; a long-polling agent also its next
// poll), and every open desired-state stream re-checks its credential when it wakes; without
// this each of them paid a credential query first. A revocation
// is heard at once on every replica (notifyCredentialsRevoked in the revoking transaction,
// announceRevokedLocally after its commit); the TTL only bounds a revocation missed while a
// replica's listener was reconnecting, and on reconnect everything is forgotten anyway.

const CREDENTIAL_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

type Principal = { clusterName: string; credentialId: string };
type Entry = Principal & { until: number };

const state = globalThis as unknown as { meridianAgentCredentials?: Map<string, Entry> };

function cache(): Map<string, Entry> {
  if (state.meridianAgentCredentials) return state.meridianAgentCredentials;
  const map = new Map<string, Entry>();
  state.meridianAgentCredentials = map;
  onCredentialsRevoked((clusterName) => forgetCredentials(clusterName));
  return map;
}

/** The principal of a recently checked, unrevoked credential, or undefined. */
export function cachedCredential(tokenHash: string): Principal | undefined {
  const hit = cache().get(tokenHash);
  if (!hit) return undefined;
  if (hit.until <= Date.now()) {
    cache().delete(tokenHash);
    return undefined;
  }
  return { clusterName: hit.clusterName, credentialId: hit.credentialId };
}

/** Remember a credential the database just vouched for. */
export function rememberCredential(tokenHash: string, p: Principal): void {
  const map = cache();
  // Oldest first (insertion order): drop the oldest when full.
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  map.delete(tokenHash);
  map.set(tokenHash, { ...p, until: Date.now() + CREDENTIAL_CACHE_TTL_MS });
}

/** Forget one cluster's credentials, or every credential (null). */
export function forgetCredentials(clusterName: string | null): void {
  const map = cache();
  if (clusterName === null) map.clear();
  else for (const [hash, e] of map) if (e.clusterName === clusterName) map.delete(hash);
}

/**
 * Inside a transaction that revokes (or deletes) a cluster's credentials: every replica forgets
 * them when it commits. Call `announceRevokedLocally` (desired-notify) for this replica after the
 * commit.
 */
export async function notifyCredentialsRevoked(
  tx: Prisma.TransactionClient,
  clusterName: string,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${DESIRED_CHANNEL}, ${REVOKED_PREFIX + clusterName})`;
}
