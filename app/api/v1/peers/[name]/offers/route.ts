// GET /api/v1/peers/{name}/offers — the services the peer offers, and where each is imported
import { json } from "@/lib/api/respond";
import { offerListSchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { listOfferedServices } from "@/lib/services/federation/consumer";

export const GET = withAuth(
  async (_req, { params }) =>
    json(offerListSchema, { items: await listOfferedServices(String(params.name ?? "")) }),
  { role: "viewer" },
);
