// GET /api/v1/tokens — the caller's API tokens; POST /api/v1/tokens — issue one (shown once)
import { json, readJson } from "@/lib/api/respond";
import { ApiError, parseOrThrow } from "@/lib/api/errors";
import {
  apiTokenCreateSchema,
  apiTokenListSchema,
  createdApiTokenSchema,
} from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { countApiToken } from "@/lib/services/access/abuse-limits";
import { createApiToken } from "@/lib/services/access/api-tokens";
import { listApiTokens } from "@/lib/store/api-tokens";
import { actorOf } from "@/lib/model/actor";

export const GET = withAuth(
  async (_req, { principal }) =>
    json(apiTokenListSchema, {
      items: await listApiTokens(principal.userId),
    }),
  { role: "viewer" },
);

export const POST = withAuth(
  async (req, { principal }) => {
    // A token cannot mint further tokens: that needs a signed-in person.
    if (principal.kind === "token")
      throw new ApiError(403, "forbidden", "Create API tokens while signed in, not with a token");
    const input = parseOrThrow(apiTokenCreateSchema, await readJson(req));
    await countApiToken(principal.userId);
    return json(
      createdApiTokenSchema,
      await createApiToken(principal.userId, input, actorOf(principal)),
      201,
    );
  },
  { role: "viewer" },
);
