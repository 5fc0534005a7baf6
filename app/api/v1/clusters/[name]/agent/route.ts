// GET|DELETE /api/v1/clusters/{name}/agent — the cluster's state and agent status (polled by the
// agent panel); revoke the cluster's agent credentials and unused join tokens (admin)
import { json } from "@/lib/api/respond";
import { notFound } from "@/lib/api/errors";
import { agentRevokedSchema } from "@/lib/model/agents";
import { clusterSummarySchema } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { revokeAgentAccess } from "@/lib/services/agents/access";
import { getClusterSummary } from "@/lib/store/clusters";

export const GET = withAuth(
  async (_req, { params }) => {
    const summary = await getClusterSummary(String(params.name));
    if (!summary) throw notFound("Cluster");
    return json(clusterSummarySchema, summary);
  },
  { role: "viewer" },
);

export const DELETE = withAuth(
  async (_req, { params, principal }) =>
    json(agentRevokedSchema, await revokeAgentAccess(String(params.name), actorOf(principal))),
  { role: "admin" },
);
