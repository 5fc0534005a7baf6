// GET|POST /api/v1/peers — federation peers with their stream status; register one (admin)
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { peerInputSchema, peerListSchema, peerSchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { listFederationPeers, registerPeer } from "@/lib/services/federation/peers";

export const GET = withAuth(
  async () => json(peerListSchema, { items: await listFederationPeers() }),
  { role: "viewer" },
);

export const POST = withAuth(
  async (req, { principal }) => {
    const input = parseOrThrow(peerInputSchema, await readJson(req));
    return json(peerSchema, await registerPeer(input, actorOf(principal)), 201);
  },
  { role: "admin" },
);
