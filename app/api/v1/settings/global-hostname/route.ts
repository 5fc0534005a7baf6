// GET|PUT /api/v1/settings/global-hostname — the global hostname suffix (global | clusterset):
// everyone reads it (the settings page shows it to all), admins change it
import { parseOrThrow } from "@/lib/api/errors";
import { globalHostnameResultSchema, globalHostnameSettingSchema } from "@/lib/model/intent";
import { json, readJson } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { setGlobalHostStyle } from "@/lib/services/sharing/global-hostname";
import { readGlobalHostStyle } from "@/lib/store/settings";

export const GET = withAuth(
  async () => json(globalHostnameSettingSchema, { suffix: await readGlobalHostStyle() }),
  { role: "viewer" },
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
