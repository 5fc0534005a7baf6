// POST /api/v1/peers/{name}/publications — publish a global service to the peer over Hamlet (admin)
import { NextResponse } from "next/server";
import { readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { publicationSchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { publishToPeer } from "@/lib/services/federation/owner";

export const POST = withAuth(
  async (req, { params, principal }) => {
    const input = parseOrThrow(publicationSchema, await readJson(req));
    const added = await publishToPeer(String(params.name ?? ""), input, actorOf(principal));
    return new NextResponse(null, { status: added ? 201 : 204 });
  },
  { role: "admin" },
);
