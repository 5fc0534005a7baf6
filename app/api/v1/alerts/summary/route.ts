// GET /api/v1/alerts/summary — alert counts by state and severity, and each affected global service's rollup, for badges
import { alertQuerySchema, alertSummarySchema } from "@/lib/model/alerts";
import { parseOrThrow } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { listAlerts } from "@/lib/services/fleet-metrics/alerts";
import { summarizeAlertList } from "@/lib/fleet-metrics/alerts-view";

export const GET = withAuth(
  async (req) => {
    const query = parseOrThrow(alertQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json(alertSummarySchema, summarizeAlertList(await listAlerts(query)));
  },
  { role: "viewer" },
);
