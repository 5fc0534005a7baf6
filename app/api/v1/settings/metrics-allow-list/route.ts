// GET|PUT /api/v1/settings/metrics-allow-list — private networks metrics sources may use (admin)
import { parseOrThrow } from "@/lib/api/errors";
import { allowListSchema } from "@/lib/model/metrics";
import { json, readJson } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { invalidateMetricsAllowList } from "@/lib/services/fleet-metrics/metrics-runtime";
import { getAllowList, setAllowList } from "@/lib/services/fleet-metrics/allow-list";

export const GET = withAuth(async () => json(allowListSchema, { entries: await getAllowList() }), {
  role: "admin",
});

export const PUT = withAuth(
  async (req, { principal }) => {
    const input = parseOrThrow(allowListSchema, await readJson(req));
    const entries = await setAllowList(input.entries, actorOf(principal));
    invalidateMetricsAllowList();
    return json(allowListSchema, { entries });
  },
  { role: "admin" },
);
