// GET /api/v1/clusters — list clusters; POST /api/v1/clusters — register a cluster (admin)
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { clusterCreateSchema, clusterSummarySchema, listOf } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { createCluster } from "@/lib/services/inventory/clusters";
import { listClusters } from "@/lib/store/clusters";

export const GET = withAuth(
  async () => json(listOf(clusterSummarySchema), { items: await listClusters(), errors: [] }),
  { role: "viewer" },
);

export const POST = withAuth(
  async (req, { principal }) => {
    const input = parseOrThrow(clusterCreateSchema, await readJson(req));
    return json(clusterSummarySchema, await createCluster(input, actorOf(principal)), 201);
  },
  { role: "admin" },
);
