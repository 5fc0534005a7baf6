import "server-only";
import {
  APPLY_SUCCEEDED,
  type RegisterRequest,
  type RegisterResponse,
  type Report,
  type StatusReport,
} from "@/lib/agent-protocol/messages";
import { hashSecretToken, issueSecretToken, TOKEN_PREFIXES } from "@/lib/crypto/secret-token";
import { DomainError, notFound } from "@/lib/domain/errors";
import { agentActor, type Actor, type AgentPrincipal } from "@/lib/model/actor";
import {
  cachedCredential,
  notifyCredentialsRevoked,
  rememberCredential,
} from "@/lib/store/agent-credential-cache";
import {
  consumeJoinToken,
  findCredential,
  findJoinToken,
  hasLiveCredential,
  insertCredential,
  insertJoinToken,
  recordAgentReport,
  revokeCredentials,
  revokeUnusedJoinTokens,
  touchCredential,
  upsertAgent,
  writeStatus,
} from "@/lib/store/agents";
import { recordAudit } from "@/lib/store/audit";
import { findCluster, markSimulated, touchCluster } from "@/lib/store/clusters";
import { announceRevokedLocally, ensureListening } from "@/lib/store/desired-notify";
import { transaction, type Tx } from "@/lib/store/transaction";
import { rollUpChangeSets } from "@/lib/services/change-sets";
import { planeMetrics } from "@/lib/infra/metrics";
import { applyClusterDelta, applyClusterSnapshot } from "@/lib/services/inventory";

const JOIN_TOKEN_TTL_HOURS = 24;
const TOUCH_INTERVAL_MS = 30_000;

async function requireCluster(tx: Tx, name: string): Promise<void> {
  if (!(await findCluster(tx, name))) throw notFound("Cluster");
}

/** Issue a single-use join token for a cluster (shown once, stored hashed, expiring). */
export async function createJoinToken(
  clusterName: string,
  actor: Actor & { id?: string },
  ttlHours = JOIN_TOKEN_TTL_HOURS,
): Promise<{ id: string; token: string; expiresAt: string }> {
  const { token, prefix, hash } = issueSecretToken("join");
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  const row = await transaction(async (tx) => {
    await requireCluster(tx, clusterName);
    const created = await insertJoinToken(tx, {
      clusterName,
      prefix,
      tokenHash: hash,
      expiresAt,
      createdById: actor.type === "user" ? (actor.id ?? null) : null,
    });
    await recordAudit(tx, actor, "join-token.create", "cluster", clusterName, {
      tokenId: created.id,
      expiresAt: expiresAt.toISOString(),
    });
    return created;
  });
  return { id: row.id, token, expiresAt: expiresAt.toISOString() };
}

/** Revoke a cluster's unused join tokens and agent credentials (disconnects its agent). */
export async function revokeAgentAccess(
  clusterName: string,
  actor: Actor,
): Promise<{ credentials: number; joinTokens: number }> {
  const revoked = await transaction(async (tx) => {
    await requireCluster(tx, clusterName);
    const now = new Date();
    await notifyCredentialsRevoked(tx, clusterName);
    const credentials = await revokeCredentials(tx, clusterName, now);
    const joinTokens = await revokeUnusedJoinTokens(tx, clusterName, now);
    await recordAudit(tx, actor, "agent.revoke", "cluster", clusterName, {
      credentials,
      joinTokens,
    });
    return { credentials, joinTokens };
  });
  announceRevokedLocally(clusterName);
  return revoked;
}

const refuse = (message: string) =>
  new DomainError("unauthenticated", "invalid_join_token", message);

/**
 * Trade a join token for a per-cluster credential. The token is consumed atomically, so a
 * reused token is refused even under a race; earlier credentials of the cluster are revoked.
 */
export async function registerAgent(req: RegisterRequest): Promise<RegisterResponse> {
  if (!req.joinToken.startsWith(TOKEN_PREFIXES.join))
    throw refuse("This is not a Meridian join token");
  const hash = hashSecretToken(req.joinToken);
  // The agent's own credential (only its hash is sent), or one Meridian issues and returns once.
  const issued = req.credentialHash
    ? { token: undefined, prefix: "(agent-made)", hash: req.credentialHash }
    : issueSecretToken("agent");
  const registered = await transaction(async (tx) => {
    const token = await findJoinToken(tx, hash);
    const now = new Date();
    if (!token) throw refuse("Unknown join token");
    if (token.revokedAt) throw refuse("This join token was revoked; ask an admin for a new one");
    // A retry whose first answer was lost, or that runs beside its own first attempt: same join
    // token, same agent-made credential. Asked again after losing the token's row lock, since
    // the winner has committed by then (read committed: a new statement sees it).
    const ownRetry = async () =>
      Boolean(req.credentialHash) &&
      (await hasLiveCredential(tx, token.clusterName, req.credentialHash!));
    const alreadyUsed = async () => {
      if (await ownRetry()) return { cluster: token.clusterName, state: token.clusterState };
      throw refuse("This join token was already used; ask an admin for a new one");
    };
    if (token.usedAt) return alreadyUsed();
    if (token.expiresAt <= now)
      throw refuse("This join token has expired; ask an admin for a new one");
    if (token.clusterState === "disabled")
      throw new DomainError(
        "forbidden",
        "cluster_disabled",
        "This cluster is disabled in Meridian",
      );
    if (!(await consumeJoinToken(tx, token.id, now))) return alreadyUsed();
    await notifyCredentialsRevoked(tx, token.clusterName);
    await revokeCredentials(tx, token.clusterName, now);
    const cred = await insertCredential(tx, {
      clusterName: token.clusterName,
      prefix: issued.prefix,
      tokenHash: issued.hash,
    });
    await upsertAgent(tx, token.clusterName, {
      version: req.agent.version,
      hostname: req.agent.hostname,
      connectedAt: now,
    });
    if (req.agent.simulated) await markSimulated(tx, token.clusterName);
    await recordAudit(
      tx,
      agentActor({ clusterName: token.clusterName, credentialId: cred.id }),
      "agent.register",
      "cluster",
      token.clusterName,
      { version: req.agent.version },
    );
    return {
      cluster: token.clusterName,
      ...(issued.token ? { credential: issued.token } : {}),
      state: token.clusterState,
    };
  });
  // Earlier credentials of the cluster were revoked (a no-op for a retried registration).
  announceRevokedLocally(registered.cluster);
  return registered;
}

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

/** Store an agent's report (snapshot, delta or heartbeat) for its own cluster. */
export async function acceptReport(
  p: AgentPrincipal,
  report: Report,
  signal?: AbortSignal,
): Promise<{ created: number; updated: number; removed: number }> {
  const actor = agentActor(p);
  const at = new Date();
  let summary = { created: 0, updated: 0, removed: 0 };
  if (report.kind === "snapshot")
    summary = await applyClusterSnapshot(p.clusterName, report.snapshot, actor, signal);
  else if (report.kind === "delta")
    summary = await applyClusterDelta(p.clusterName, report, actor, signal);
  else if (!(await touchCluster(p.clusterName))) throw notFound("Cluster");
  await recordAgentReport(p.clusterName, {
    version: report.agent.version,
    hostname: report.agent.hostname,
    at,
    snapshot: report.kind === "snapshot",
  });
  return summary;
}

/** One line naming up to five failed resources of an acknowledgement. */
function describeFailures(failures: StatusReport["results"]): string {
  return failures
    .slice(0, 5)
    .map(
      (f) =>
        `${f.kind} ${f.namespace ? `${f.namespace}/` : ""}${f.name}: ${f.result}${f.message ? ` — ${f.message}` : ""}`,
    )
    .join("; ");
}

/**
 * Record what the agent applied: the observed generation with per-resource results, and
 * the status of every change set waiting on this cluster up to that generation; then roll up
 * the change sets this touched: those whose cluster rows moved, and those still pending although
 * this cluster's row settled before — their roll-up was lost (the app stopped between the two,
 * or the roll-up failed and the agent resent its acknowledgement), and this one catches it up.
 */
export async function acceptStatus(p: AgentPrincipal, status: StatusReport): Promise<void> {
  const failures = status.results.filter((r) => !APPLY_SUCCEEDED.has(r.result));
  const written = await writeStatus({
    cluster: p.clusterName,
    generation: status.generation,
    results: status.results,
    status: failures.length ? "failed" : "applied",
    message: failures.length ? describeFailures(failures) : "",
  });
  if (!written.accepted) {
    throw new DomainError(
      "conflict",
      "unknown_generation",
      `Generation ${status.generation} was never issued for this cluster`,
    );
  }
  const outcome = failures.length ? "failed" : "applied";
  for (const seconds of written.settledAfterSeconds)
    planeMetrics().propagation.labels(outcome).observe(seconds);
  // Only when this acknowledgement settled a change set's cluster (rare next to heartbeats).
  if (written.changeSets.length) await rollUpChangeSets(written.changeSets);
}
