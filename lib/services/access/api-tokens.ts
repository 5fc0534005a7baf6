import "server-only";
import type { Actor, Principal } from "@/lib/model/actor";
import { DEFAULT_TOKEN_EXPIRY_DAYS, type ApiTokenDto } from "@/lib/model/inventory";
import { hashSecretToken, issueSecretToken, TOKEN_PREFIXES } from "@/lib/crypto/secret-token";
import { notFound } from "@/lib/domain/errors";
import {
  findApiTokenByHash,
  findOwnApiToken,
  insertApiToken,
  markApiTokenRevoked,
  touchApiToken,
} from "@/lib/store/api-tokens";
import { recordAudit } from "@/lib/store/audit";
import { transaction } from "@/lib/store/transaction";
import { findUserById } from "@/lib/store/users";

const TOKEN_TOUCH_INTERVAL_MS = 60_000;

/** Issue a personal API token; the plaintext is returned once and stored only as a hash. */
export async function createApiToken(
  userId: string,
  input: { name: string; expiresInDays?: number | null },
  actor: Actor,
): Promise<{ token: string; item: ApiTokenDto }> {
  const { token, prefix, hash } = issueSecretToken("api");
  // Absent: the default expiry. Never expiring is an explicit choice (null), flagged on the page.
  const days = input.expiresInDays === undefined ? DEFAULT_TOKEN_EXPIRY_DAYS : input.expiresInDays;
  const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000);
  const item = await transaction(async (tx) => {
    const created = await insertApiToken(tx, {
      userId,
      name: input.name,
      prefix,
      tokenHash: hash,
      expiresAt,
    });
    await recordAudit(tx, actor, "api-token.create", "api-token", created.id, {
      name: input.name,
      expiresInDays: days,
    });
    return created;
  });
  return { token, item };
}

/** Revoke one of the user's own tokens; someone else's token is "not found". */
export async function revokeApiToken(userId: string, id: string, actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    const row = await findOwnApiToken(tx, userId, id);
    if (!row) throw notFound("API token");
    if (row.revokedAt) return;
    await markApiTokenRevoked(tx, id);
    await recordAudit(tx, actor, "api-token.revoke", "api-token", id, { name: row.name });
  });
}

/** The caller behind a personal API token, or null when unknown, revoked, expired or disabled. */
export async function authenticateApiToken(token: string): Promise<Principal | null> {
  if (!token.startsWith(TOKEN_PREFIXES.api) || token.length > 200) return null;
  const row = await findApiTokenByHash(hashSecretToken(token));
  const now = new Date();
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now) || row.user.disabledAt)
    return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOKEN_TOUCH_INTERVAL_MS) {
    await touchApiToken(row.id, now);
  }
  return {
    kind: "token",
    userId: row.userId,
    email: row.user.email,
    role: row.user.role,
    tokenId: row.id,
  };
}

/**
 * The signed-in user behind a session, or null when unknown, disabled, or the session was ended
 * (signed in at an older session version: issue 37.5). The role is read from the database on
 * every request, so a demotion takes effect at once.
 */
export async function sessionPrincipal(
  userId: string,
  sessionVersion: number,
): Promise<Principal | null> {
  const user = await findUserById(userId);
  if (!user || user.disabledAt || user.sessionVersion !== sessionVersion) return null;
  return { kind: "session", userId: user.id, email: user.email, role: user.role };
}
