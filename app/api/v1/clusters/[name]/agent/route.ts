// DELETE /api/v1/clusters/{name}/agent — revoke the cluster's agent credentials and unused join tokens (admin)
import { NextResponse } from "next/server";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/db/audit";
import { revokeAgentAccess } from "@/lib/db/agents";

export const DELETE = withAuth(
  async (_req, { params, principal }) =>
    NextResponse.json(await revokeAgentAccess(String(params.name), actorOf(principal))),
  { role: "admin" },
);
