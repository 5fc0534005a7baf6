// DELETE /api/v1/peers/{name}/publications/{namespace}/{service} — stop publishing it: the peer gets a DELETE (admin)
import { NextResponse } from "next/server";
import { parseOrThrow } from "@/lib/api/errors";
import { publicationSchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { revokeFromPeer } from "@/lib/services/federation/owner";

export const DELETE = withAuth(
  async (_req, { params, principal }) => {
    const p = parseOrThrow(publicationSchema, {
      namespace: String(params.namespace ?? ""),
      name: String(params.service ?? ""),
    });
    await revokeFromPeer(String(params.name ?? ""), p, actorOf(principal));
    return new NextResponse(null, { status: 204 });
  },
  { role: "admin" },
);
