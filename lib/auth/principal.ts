import "server-only";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { authSecret } from "@/lib/crypto/secret";
import type { Principal } from "@/lib/model/actor";
import { authenticateApiToken, sessionPrincipal } from "@/lib/services/access/api-tokens";

/** Resolve the caller of a request, or null when anonymous or the credential is invalid. */
export async function resolvePrincipal(req: NextRequest): Promise<Principal | null> {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ? authenticateApiToken(match[1]) : null;
  }
  const jwt = await getToken({ req, secret: authSecret() });
  return jwt?.sub ? sessionPrincipal(jwt.sub) : null;
}
