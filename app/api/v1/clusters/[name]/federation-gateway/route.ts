// PUT /api/v1/clusters/{name}/federation-gateway — where federation peers reach the cluster's east-west gateway (admin)
import { NextResponse } from "next/server";
import { readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { gatewayInputSchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { setFederationGateway } from "@/lib/services/federation/owner";

export const PUT = withAuth(
  async (req, { params, principal }) => {
    const input = parseOrThrow(gatewayInputSchema, await readJson(req));
    await setFederationGateway(String(params.name ?? ""), input, actorOf(principal));
    return new NextResponse(null, { status: 204 });
  },
  { role: "admin" },
);
