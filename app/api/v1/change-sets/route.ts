// GET|POST /api/v1/change-sets — the change-set history (?limit=&cursor=, newest first); apply a reviewed intent change
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import {
  applyRequestSchema,
  changeSetDtoSchema,
  changeSetListSchema,
  changeSetQuerySchema,
} from "@/lib/model/intent";
import { pageOf } from "@/lib/model/paging";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { applyChanges } from "@/lib/services/sharing/change-sets";
import { listChangeSets } from "@/lib/store/change-sets";

export const GET = withAuth(
  async (req) => {
    const { limit, cursor } = parseOrThrow(
      changeSetQuerySchema,
      Object.fromEntries(req.nextUrl.searchParams),
    );
    const rows = await listChangeSets(limit + 1, cursor ? Number(cursor) : undefined);
    return json(
      changeSetListSchema,
      pageOf(rows, limit, (last) => String(last.number)),
    );
  },
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
