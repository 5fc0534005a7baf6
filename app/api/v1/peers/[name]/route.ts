// GET|PATCH|DELETE /api/v1/peers/{name} — one peer; change its address, CA or bundle endpoint; remove it (admin)
import { NextResponse } from "next/server";
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { peerSchema, peerUpdateSchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { changePeer, getFederationPeer, removePeer } from "@/lib/services/federation/peers";

const nameOf = (params: Record<string, unknown>) => String(params.name ?? "");

export const GET = withAuth(
  async (_req, { params }) => json(peerSchema, await getFederationPeer(nameOf(params))),
  { role: "viewer" },
);

export const PATCH = withAuth(
  async (req, { params, principal }) => {
    const input = parseOrThrow(peerUpdateSchema, await readJson(req));
    return json(peerSchema, await changePeer(nameOf(params), input, actorOf(principal)));
  },
  { role: "admin" },
);

export const DELETE = withAuth(
  async (_req, { params, principal }) => {
    await removePeer(nameOf(params), actorOf(principal));
    return new NextResponse(null, { status: 204 });
  },
  { role: "admin" },
);
