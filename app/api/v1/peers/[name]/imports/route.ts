// POST /api/v1/peers/{name}/imports — import an offered service into clusters (empty: remove it): a change set
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { changeSetDtoSchema } from "@/lib/model/intent";
import { importChangeSchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { applyImport } from "@/lib/services/federation/consumer";

export const POST = withAuth(
  async (req, { params, principal }) => {
    const change = parseOrThrow(importChangeSchema, await readJson(req));
    const created = await applyImport(String(params.name ?? ""), change, {
      actor: actorOf(principal),
      userId: principal.userId,
    });
    return json(changeSetDtoSchema, created, 201);
  },
  { role: "operator" },
);
