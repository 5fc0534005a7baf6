// POST /api/v1/plans — what a proposed intent change would do per cluster (changes nothing)
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { planDtoSchema, planRequestSchema } from "@/lib/model/intent";
import { withAuth } from "@/lib/auth/with-auth";
import { planChanges } from "@/lib/services/sharing/change-sets";

export const POST = withAuth(
  async (req) => {
    const { changes } = parseOrThrow(planRequestSchema, await readJson(req));
    return json(planDtoSchema, await planChanges(changes));
  },
  { role: "operator" },
);
