import "server-only";
import { issueSecretToken } from "@/lib/crypto/secret-token";
import { notFound } from "@/lib/domain/errors";
import { type Actor } from "@/lib/model/actor";
import { notifyCredentialsRevoked } from "@/lib/store/agent-credential-cache";
import { insertJoinToken, revokeCredentials, revokeUnusedJoinTokens } from "@/lib/store/agents";
import { recordAudit } from "@/lib/store/audit";
import { findCluster } from "@/lib/store/clusters";
import { announceRevokedLocally } from "@/lib/store/desired-notify";
import { transaction, type Tx } from "@/lib/store/transaction";

// A cluster's agent access: the join token an admin issues, and revoking every way in.

const JOIN_TOKEN_TTL_HOURS = 24;

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
