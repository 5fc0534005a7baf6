// GET|POST /api/v1/change-sets — the change-set history; apply a reviewed intent change
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { applyRequestSchema, changeSetDtoSchema, changeSetListSchema } from "@/lib/model/intent";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { applyChanges, listChangeSets } from "@/lib/services/change-sets";

export const GET = withAuth(
  async () => json(changeSetListSchema, { items: await listChangeSets() }),
  { role: "viewer" },
);

export const POST = withAuth(
  async (req, { principal }) => {
    const { changes, title, acceptErrors } = parseOrThrow(applyRequestSchema, await readJson(req));
    const created = await applyChanges(changes, {
      actor: actorOf(principal),
      userId: principal.userId,
      title,
      acceptErrors,
    });
    return json(changeSetDtoSchema, created, 201);
  },
  { role: "operator" },
);
