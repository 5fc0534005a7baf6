// POST /api/v1/peers/{name}/imports/plan — what importing an offered service into clusters would do (changes nothing)
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { planDtoSchema } from "@/lib/model/intent";
import { importChangeSchema } from "@/lib/model/peers";
import { withAuth } from "@/lib/auth/with-auth";
import { planImport } from "@/lib/services/federation/consumer";

export const POST = withAuth(
  async (req, { params }) => {
    const change = parseOrThrow(importChangeSchema, await readJson(req));
    return json(planDtoSchema, await planImport(String(params.name ?? ""), change));
  },
  { role: "operator" },
);
