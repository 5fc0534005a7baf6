// POST /api/v1/change-sets/{id}/rollback — apply the inverse change set (409 if the intent moved)
import { json } from "@/lib/api/respond";
import { changeSetDtoSchema } from "@/lib/model/intent";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { rollbackChangeSet } from "@/lib/services/sharing/change-set-rollback";

export const POST = withAuth(
  async (_req, { params, principal }) =>
    json(
      changeSetDtoSchema,
      await rollbackChangeSet(String(params.id), {
        actor: actorOf(principal),
        userId: principal.userId,
      }),
      201,
    ),
  { role: "operator" },
);
