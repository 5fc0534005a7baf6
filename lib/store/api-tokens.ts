import "server-only";
import type { ApiTokenDto, RoleName } from "@/lib/model/inventory";
import { pool, type Tx } from "@/lib/store/transaction";

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

/** A user's personal API tokens, newest first (hashes never leave the store). */
export async function listApiTokens(userId: string, tx: Tx = pool()): Promise<ApiTokenDto[]> {
  const rows = await tx.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map(toDto);
}

export async function insertApiToken(
  tx: Tx,
  data: { userId: string; name: string; prefix: string; tokenHash: string; expiresAt: Date | null },
): Promise<ApiTokenDto> {
  return toDto(await tx.apiToken.create({ data }));
}

/** One of the user's own tokens, or null (someone else's token is not theirs to see). */
export async function findOwnApiToken(tx: Tx, userId: string, id: string) {
  return tx.apiToken.findFirst({ where: { id, userId } });
}

export async function markApiTokenRevoked(tx: Tx, id: string): Promise<void> {
  await tx.apiToken.update({ where: { id }, data: { revokedAt: new Date() } });
}

/** A token by its hash with its owner, for authentication. */
export type TokenOwner = {
  id: string;
  userId: string;
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  user: { email: string; role: RoleName; disabledAt: Date | null };
};

export async function findApiTokenByHash(tokenHash: string): Promise<TokenOwner | null> {
  return pool().apiToken.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      userId: true,
      revokedAt: true,
      expiresAt: true,
      lastUsedAt: true,
      user: { select: { email: true, role: true, disabledAt: true } },
    },
  });
}

export async function touchApiToken(id: string, at: Date): Promise<void> {
  await pool().apiToken.update({ where: { id }, data: { lastUsedAt: at } });
}
