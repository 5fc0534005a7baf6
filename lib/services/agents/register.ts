import "server-only";
import type { RegisterRequest, RegisterResponse } from "@/lib/agent-protocol/messages";
import { hashSecretToken, issueSecretToken, TOKEN_PREFIXES } from "@/lib/crypto/secret-token";
import { DomainError } from "@/lib/domain/errors";
import { agentActor } from "@/lib/model/actor";
import { notifyCredentialsRevoked } from "@/lib/store/agent-credential-cache";
import {
  consumeJoinToken,
  findJoinToken,
  hasLiveCredential,
  insertCredential,
  revokeCredentials,
  upsertAgent,
} from "@/lib/store/agents";
import { recordAudit } from "@/lib/store/audit";
import { markSimulated } from "@/lib/store/clusters";
import { announceRevokedLocally } from "@/lib/store/desired-notify";
import { transaction } from "@/lib/store/transaction";

// An agent's registration: a join token traded for the cluster's credential.

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
