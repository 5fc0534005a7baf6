// GET /api/v1/alerts — the fleet's alerts (Prometheus, Alertmanager, Meridian's fleet alerts) with rollups per global service; filters severity, state, kind, globalService, cluster
import { alertListSchema, alertQuerySchema } from "@/lib/model/alerts";
import { parseOrThrow } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { listAlerts } from "@/lib/services/fleet-metrics/alerts";

export const GET = withAuth(
  async (req) => {
    const query = parseOrThrow(alertQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json(alertListSchema, await listAlerts(query));
  },
  { role: "viewer" },
);
