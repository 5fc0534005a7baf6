import "server-only";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import type { RoleName } from "@/lib/model/inventory";
import { db } from "@/lib/store/client";
import { hashSecretToken, TOKEN_PREFIXES } from "@/lib/crypto/secret-token";
import { authSecret } from "@/lib/crypto/secret";

/** Who is calling: a signed-in user or a personal API token (carrying its owner's role). */
export type Principal = {
  kind: "session" | "token";
  userId: string;
  email: string;
  role: RoleName;
  tokenId?: string;
};

const TOKEN_TOUCH_INTERVAL_MS = 60_000;

async function fromBearer(token: string): Promise<Principal | null> {
  if (!token.startsWith(TOKEN_PREFIXES.api) || token.length > 200) return null;
  const row = await db().apiToken.findUnique({
    where: { tokenHash: hashSecretToken(token) },
    include: { user: true },
  });
  const now = new Date();
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now) || row.user.disabledAt)
    return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOKEN_TOUCH_INTERVAL_MS) {
    await db().apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return {
    kind: "token",
    userId: row.userId,
    email: row.user.email,
    role: row.user.role,
    tokenId: row.id,
  };
}

async function fromSession(req: NextRequest): Promise<Principal | null> {
  const jwt = await getToken({ req, secret: authSecret() });
  if (!jwt?.sub) return null;
  // The role is read from the database on every request, so a demotion takes effect at once.
  const user = await db().user.findUnique({ where: { id: jwt.sub } });
  if (!user || user.disabledAt) return null;
  return { kind: "session", userId: user.id, email: user.email, role: user.role };
}

/** Resolve the caller of a request, or null when anonymous or the credential is invalid. */
export async function resolvePrincipal(req: NextRequest): Promise<Principal | null> {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ? fromBearer(match[1]) : null;
  }
  return fromSession(req);
}
