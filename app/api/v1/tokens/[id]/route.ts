// DELETE /api/v1/tokens/{id} — revoke one of the caller's API tokens
import { NextResponse } from "next/server";
import { withAuth } from "@/lib/auth/with-auth";
import { revokeApiToken } from "@/lib/services/access/api-tokens";
import { actorOf } from "@/lib/model/actor";

export const DELETE = withAuth(
  async (_req, { params, principal }) => {
    await revokeApiToken(principal.userId, String(params.id), actorOf(principal));
    return new NextResponse(null, { status: 204 });
  },
  { role: "viewer" },
);
