// GET /api/v1/global-services — global services with the clusters each runs in (search, filters)
import { json } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { globalServiceListSchema, globalServiceQuerySchema } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { listGlobalServices } from "@/lib/store/global-services";

export const GET = withAuth(
  async (req) => {
    const query = parseOrThrow(
      globalServiceQuerySchema,
      Object.fromEntries(req.nextUrl.searchParams),
    );
    return json(globalServiceListSchema, {
      items: await listGlobalServices(query),
      errors: [],
    });
  },
  { role: "viewer" },
);
