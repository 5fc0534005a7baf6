// GET|PUT /api/v1/settings/global-hostname — the global hostname suffix (global | clusterset); admins
import { parseOrThrow } from "@/lib/api/errors";
import { globalHostnameResultSchema, globalHostnameSettingSchema } from "@/lib/api/intent-schemas";
import { json, readJson } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/db/audit";
import { readGlobalHostStyle, setGlobalHostStyle } from "@/lib/db/global-hostname";

export const GET = withAuth(
  async () => json(globalHostnameSettingSchema, { suffix: await readGlobalHostStyle() }),
  { role: "admin" },
);

export const PUT = withAuth(
  async (req, { principal }) => {
    const input = parseOrThrow(globalHostnameSettingSchema, await readJson(req));
    const result = await setGlobalHostStyle(input, {
      actor: actorOf(principal),
      userId: principal.userId,
    });
    return json(globalHostnameResultSchema, result);
  },
  { role: "admin" },
);
