// GET /api/v1/global-services/{namespace}/{name}/serving — who would serve each consumer cluster
import { json } from "@/lib/api/respond";
import { servingDtoSchema } from "@/lib/model/intent";
import { withAuth } from "@/lib/auth/with-auth";
import { servingOf } from "@/lib/services/sharing/intent";

export const GET = withAuth(
  async (_req, { params }) =>
    json(servingDtoSchema, await servingOf(String(params.namespace), String(params.name))),
  { role: "viewer" },
);
