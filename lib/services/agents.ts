import "server-only";
import type {
  RegisterRequest,
  RegisterResponse,
  Report,
  StatusReport,
} from "@/lib/agent-protocol/messages";
import { ApiError, notFound } from "@/lib/api/errors";
import { hashSecretToken, issueSecretToken, TOKEN_PREFIXES } from "@/lib/crypto/secret-token";
import {
  cachedCredential,
  notifyCredentialsRevoked,
  rememberCredential,
} from "@/lib/store/agent-credential-cache";
import { db } from "@/lib/store/client";
import { announceRevokedLocally, ensureListening } from "@/lib/store/desired-notify";
import { microBatch } from "@/lib/infra/micro-batch";
import { recordAudit } from "@/lib/store/audit";
import { type Actor } from "@/lib/model/actor";
import { rollUpChangeSets } from "@/lib/services/change-sets";
import { applyClusterDelta, applyClusterSnapshot } from "@/lib/services/inventory";

const JOIN_TOKEN_TTL_HOURS = 24;
const TOUCH_INTERVAL_MS = 30_000;

/** The cluster an agent credential belongs to; the only cluster it may read or write. */
export type AgentPrincipal = { clusterName: string; credentialId: string };

export const agentActor = (p: AgentPrincipal): Actor => ({
  type: "agent",
  id: p.credentialId,
  label: `agent@${p.clusterName}`,
});

/** Issue a single-use join token for a cluster (shown once, stored hashed, expiring). */
export async function createJoinToken(
  clusterName: string,
  actor: Actor & { id?: string },
  ttlHours = JOIN_TOKEN_TTL_HOURS,
): Promise<{ id: string; token: string; expiresAt: string }> {
  const { token, prefix, hash } = issueSecretToken("join");
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  const row = await db().$transaction(async (tx) => {
    if (!(await tx.cluster.findUnique({ where: { name: clusterName } }))) throw notFound("Cluster");
    const created = await tx.joinToken.create({
      data: {
        clusterName,
        prefix,
        tokenHash: hash,
        expiresAt,
        createdById: actor.type === "user" ? actor.id : null,
      },
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
  const revoked = await db().$transaction(async (tx) => {
    if (!(await tx.cluster.findUnique({ where: { name: clusterName } }))) throw notFound("Cluster");
    const now = new Date();
    await notifyCredentialsRevoked(tx, clusterName);
    const credentials = await tx.agentCredential.updateMany({
      where: { clusterName, revokedAt: null },
      data: { revokedAt: now },
    });
    const joinTokens = await tx.joinToken.updateMany({
      where: { clusterName, revokedAt: null, usedAt: null },
      data: { revokedAt: now },
    });
    await recordAudit(tx, actor, "agent.revoke", "cluster", clusterName, {
      credentials: credentials.count,
      joinTokens: joinTokens.count,
    });
    return { credentials: credentials.count, joinTokens: joinTokens.count };
  });
  announceRevokedLocally(clusterName);
  return revoked;
}

const refuse = (message: string) => new ApiError(401, "invalid_join_token", message);

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
  const registered = await db().$transaction(async (tx) => {
    const token = await tx.joinToken.findUnique({
      where: { tokenHash: hash },
      include: { cluster: true },
    });
    const now = new Date();
    if (!token) throw refuse("Unknown join token");
    if (token.revokedAt) throw refuse("This join token was revoked; ask an admin for a new one");
    if (token.usedAt) {
      // A retry whose first answer was lost: same join token, same agent-made credential.
      const mine =
        req.credentialHash &&
        (await tx.agentCredential.findFirst({
          where: { clusterName: token.clusterName, tokenHash: req.credentialHash, revokedAt: null },
        }));
      if (mine) return { cluster: token.clusterName, state: token.cluster.state };
      throw refuse("This join token was already used; ask an admin for a new one");
    }
    if (token.expiresAt <= now)
      throw refuse("This join token has expired; ask an admin for a new one");
    if (token.cluster.state === "disabled")
      throw new ApiError(403, "cluster_disabled", "This cluster is disabled in Meridian");
    const consumed = await tx.joinToken.updateMany({
      where: { id: token.id, usedAt: null },
      data: { usedAt: now },
    });
    if (consumed.count !== 1)
      throw refuse("This join token was already used; ask an admin for a new one");
    await notifyCredentialsRevoked(tx, token.clusterName);
    await tx.agentCredential.updateMany({
      where: { clusterName: token.clusterName, revokedAt: null },
      data: { revokedAt: now },
    });
    const cred = await tx.agentCredential.create({
      data: { clusterName: token.clusterName, prefix: issued.prefix, tokenHash: issued.hash },
    });
    const agent = { version: req.agent.version, hostname: req.agent.hostname, connectedAt: now };
    await tx.agent.upsert({
      where: { clusterName: token.clusterName },
      create: { clusterName: token.clusterName, ...agent },
      update: agent,
    });
    if (req.agent.simulated)
      await tx.cluster.update({ where: { name: token.clusterName }, data: { simulated: true } });
    await recordAudit(
      tx,
      { type: "agent", id: cred.id, label: `agent@${token.clusterName}` },
      "agent.register",
      "cluster",
      token.clusterName,
      {
        version: req.agent.version,
      },
    );
    return {
      cluster: token.clusterName,
      ...(issued.token ? { credential: issued.token } : {}),
      state: token.cluster.state,
    };
  });
  // Earlier credentials of the cluster were revoked (a no-op for a retried registration).
  announceRevokedLocally(registered.cluster);
  return registered;
}

/**
 * Resolve an agent credential, or null when unknown or revoked. Checked credentials are
 * remembered briefly (lib/db/agent-credential-cache.ts), so an agent's burst of requests after
 * an intent change does not query for its credential each time.
 */
export async function authenticateAgent(credential: string): Promise<AgentPrincipal | null> {
  if (!credential.startsWith(TOKEN_PREFIXES.agent) || credential.length > 200) return null;
  const tokenHash = hashSecretToken(credential);
  const cached = cachedCredential(tokenHash);
  if (cached) return cached;
  // Listen before trusting the cache: revocations on other replicas arrive through it.
  ensureListening();
  const row = await db().agentCredential.findUnique({ where: { tokenHash } });
  if (!row || row.revokedAt) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db().agentCredential.update({
      where: { id: row.id },
      data: { lastUsedAt: new Date(now) },
    });
  }
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
  const now = new Date();
  let summary = { created: 0, updated: 0, removed: 0 };
  if (report.kind === "snapshot")
    summary = await applyClusterSnapshot(p.clusterName, report.snapshot, actor, signal);
  else if (report.kind === "delta")
    summary = await applyClusterDelta(p.clusterName, report, actor, signal);
  else await db().cluster.update({ where: { name: p.clusterName }, data: { lastSeenAt: now } });
  await db().agent.update({
    where: { clusterName: p.clusterName },
    data: {
      version: report.agent.version,
      hostname: report.agent.hostname,
      lastReportAt: now,
      ...(report.kind === "snapshot" ? { lastSnapshotAt: now } : {}),
    },
  });
  return summary;
}

type StatusRow = {
  cluster: string;
  generation: number;
  results: StatusReport["results"];
  /** The change-set cluster status this acknowledgement settles: applied or failed. */
  status: "applied" | "failed";
  /** What failed, empty when nothing did: the change-set row's message, the agent's last error. */
  message: string;
};

// Acknowledgements of the same moment go out as one statement (lib/db/micro-batch.ts): a
// hundred agents acknowledging one intent change must not each queue for a pooled
// connection. The generation check gates every write per row, so an unknown generation
// changes nothing for that cluster and does not affect the others.
const writeStatus = microBatch<StatusRow, { accepted: boolean; changeSets: string[] }>(
  async (rows) => {
    const out = await db().$queryRaw<
      { cluster: string; accepted: boolean; changeSets: string[] | null }[]
    >`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(cluster text,
        generation int, results jsonb, status text, message text)
    ), accepted AS (
      SELECT i.* FROM input i WHERE i.generation <= COALESCE(
        (SELECT d.generation FROM "DesiredState" d WHERE d."clusterName" = i.cluster), 0)
    ), observed AS (
      INSERT INTO "ObservedState" ("clusterName", generation, results, "reportedAt")
      SELECT cluster, generation, results, now() FROM accepted
      ON CONFLICT ("clusterName") DO UPDATE SET generation = EXCLUDED.generation,
        results = EXCLUDED.results, "reportedAt" = EXCLUDED."reportedAt"
      RETURNING 1
    ), change_sets AS (
      UPDATE "ChangeSetCluster" c
      SET status = a.status::"ClusterChangeStatus", message = a.message, "updatedAt" = now()
      FROM accepted a
      WHERE c."clusterName" = a.cluster AND c.status = 'pending' AND c.generation <= a.generation
      RETURNING c."changeSetId", c."clusterName"
    ), agent AS (
      UPDATE "Agent" g SET "lastError" = NULLIF(a.message, '') FROM accepted a
      WHERE g."clusterName" = a.cluster
      RETURNING 1
    )
    SELECT i.cluster, EXISTS (SELECT 1 FROM accepted a WHERE a.cluster = i.cluster) AS accepted,
      (SELECT array_agg(DISTINCT x.id) FROM (
        SELECT cs."changeSetId" AS id FROM change_sets cs WHERE cs."clusterName" = i.cluster
        UNION ALL
        SELECT c."changeSetId" FROM accepted a
        JOIN "ChangeSetCluster" c ON c."clusterName" = a.cluster AND c.status <> 'pending'
          AND c.generation <= a.generation
        JOIN "ChangeSet" s ON s.id = c."changeSetId" AND s.status = 'pending'
        WHERE a.cluster = i.cluster) x) AS "changeSets"
    FROM input i`;
    const byCluster = new Map(out.map((r) => [r.cluster, r]));
    return rows.map((r) => {
      const row = byCluster.get(r.cluster);
      return { accepted: Boolean(row?.accepted), changeSets: row?.changeSets ?? [] };
    });
  },
  (row) => row.cluster,
);

/**
 * Record what the agent applied: the observed generation with per-resource results, and
 * the status of every change set waiting on this cluster up to that generation; then roll up
 * the change sets this touched: those whose cluster rows moved, and those still pending although
 * this cluster's row settled before — their roll-up was lost (the app stopped between the two,
 * or the roll-up failed and the agent resent its acknowledgement), and this one catches it up.
 */
export async function acceptStatus(p: AgentPrincipal, status: StatusReport): Promise<void> {
  const failures = status.results.filter(
    (r) => !["applied", "unchanged", "pruned"].includes(r.result),
  );
  const message = failures
    .slice(0, 5)
    .map(
      (f) =>
        `${f.kind} ${f.namespace ? `${f.namespace}/` : ""}${f.name}: ${f.result}${f.message ? ` — ${f.message}` : ""}`,
    )
    .join("; ");
  const written = await writeStatus({
    cluster: p.clusterName,
    generation: status.generation,
    results: status.results,
    status: failures.length ? "failed" : "applied",
    message: failures.length ? message : "",
  });
  if (!written.accepted) {
    throw new ApiError(
      409,
      "unknown_generation",
      `Generation ${status.generation} was never issued for this cluster`,
    );
  }
  // Only when this acknowledgement settled a change set's cluster (rare next to heartbeats).
  if (written.changeSets.length) await rollUpChangeSets(written.changeSets);
}
