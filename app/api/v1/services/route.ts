// GET /api/v1/services — service instances across clusters (filters: cluster, namespace, q)
import { json } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { listOf, serviceQuerySchema, serviceSchema } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { listServices } from "@/lib/store/services";

export const GET = withAuth(
  async (req) => {
    const query = parseOrThrow(serviceQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json(listOf(serviceSchema), { items: await listServices(query), errors: [] });
  },
  { role: "viewer" },
);
