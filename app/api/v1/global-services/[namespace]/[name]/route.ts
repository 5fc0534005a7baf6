// GET /api/v1/global-services/{namespace}/{name} — one global service
import { json } from "@/lib/api/respond";
import { notFound } from "@/lib/api/errors";
import { globalServiceSchema } from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { getGlobalService } from "@/lib/store/global-services";

export const GET = withAuth(
  async (_req, { params }) => {
    const service = await getGlobalService(String(params.namespace), String(params.name));
    if (!service) throw notFound("Global service");
    return json(globalServiceSchema, service);
  },
  { role: "viewer" },
);
