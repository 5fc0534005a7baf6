// GET /api/v1/change-sets/{id} — one change set (by id or number) with per-cluster status
import { json } from "@/lib/api/respond";
import { notFound } from "@/lib/api/errors";
import { changeSetDtoSchema } from "@/lib/model/intent";
import { withAuth } from "@/lib/auth/with-auth";
import { getChangeSet } from "@/lib/store/change-sets";

export const GET = withAuth(
  async (_req, { params }) => {
    const found = await getChangeSet(String(params.id));
    if (!found) throw notFound("Change set");
    return json(changeSetDtoSchema, found);
  },
  { role: "viewer" },
);
