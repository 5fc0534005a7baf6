// GET /api/v1/intent — global services' sharing and failover intent with versions (?namespace=&name=&limit=&cursor=)
import { parseOrThrow } from "@/lib/api/errors";
import { intentListSchema, intentQuerySchema } from "@/lib/model/intent";
import { json } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { listIntent } from "@/lib/store/intent";

export const GET = withAuth(
  async (req) => {
    const query = parseOrThrow(intentQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json(intentListSchema, await listIntent(query));
  },
  { role: "viewer" },
);
