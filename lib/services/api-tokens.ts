import "server-only";
import type { ApiTokenDto } from "@/lib/model/inventory";
import { notFound } from "@/lib/api/errors";
import { issueSecretToken } from "@/lib/crypto/secret-token";
import { db } from "@/lib/store/client";
import { recordAudit, type Actor } from "@/lib/store/audit";

type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

function toDto(t: TokenRow): ApiTokenDto {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}

/** A user's personal API tokens, newest first (hashes never leave the database layer). */
export async function listApiTokens(userId: string): Promise<ApiTokenDto[]> {
  const rows = await db().apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map(toDto);
}

/** Issue a personal API token; the plaintext is returned once and stored only as a hash. */
export async function createApiToken(
  userId: string,
  input: { name: string; expiresInDays?: number },
  actor: Actor,
): Promise<{ token: string; item: ApiTokenDto }> {
  const { token, prefix, hash } = issueSecretToken("api");
  const expiresAt = input.expiresInDays
    ? new Date(Date.now() + input.expiresInDays * 86_400_000)
    : null;
  const row = await db().$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: { userId, name: input.name, prefix, tokenHash: hash, expiresAt },
    });
    await recordAudit(tx, actor, "api-token.create", "api-token", created.id, { name: input.name });
    return created;
  });
  return { token, item: toDto(row) };
}

/** Revoke one of the user's own tokens; someone else's token is "not found". */
export async function revokeApiToken(userId: string, id: string, actor: Actor): Promise<void> {
  await db().$transaction(async (tx) => {
    const row = await tx.apiToken.findFirst({ where: { id, userId } });
    if (!row) throw notFound("API token");
    if (row.revokedAt) return;
    await tx.apiToken.update({ where: { id }, data: { revokedAt: new Date() } });
    await recordAudit(tx, actor, "api-token.revoke", "api-token", id, { name: row.name });
  });
}
