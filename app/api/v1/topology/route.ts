// GET /api/v1/topology — the fleet graph: regions, clusters, services, global services and calls
import { parseOrThrow } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { topologyQuerySchema } from "@/lib/graph/query";
import { topologySchema } from "@/lib/graph/schema";
import { topologyService } from "@/lib/services/inventory/topology-default-service";

export const GET = withAuth(
  async (req) => {
    const query = parseOrThrow(topologyQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json(topologySchema, await topologyService().get(query));
  },
  { role: "viewer" },
);
