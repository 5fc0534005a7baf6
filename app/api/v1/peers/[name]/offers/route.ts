// GET /api/v1/peers/{name}/offers — one page of the services the peer offers, and where each is imported
import { json } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { offerListSchema, offerPageQuerySchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { listOfferedServices } from "@/lib/services/federation/consumer";

export const GET = withAuth(
  async (req, { params }) => {
    const query = parseOrThrow(offerPageQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json(offerListSchema, await listOfferedServices(String(params.name ?? ""), query));
  },
  { role: "viewer" },
);
