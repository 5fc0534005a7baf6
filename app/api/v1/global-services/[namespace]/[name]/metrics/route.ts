// GET /api/v1/global-services/{namespace}/{name}/metrics?range=15m|1h|6h|24h&step= — golden signals
import { notFound, parseOrThrow } from "@/lib/api/errors";
import { serviceMetricsQuerySchema, serviceMetricsSchema } from "@/lib/model/metrics";
import { json } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { getServiceMetrics } from "@/lib/services/fleet-metrics/service-metrics";

export const GET = withAuth(
  async (req, { params }) => {
    const query = parseOrThrow(
      serviceMetricsQuerySchema,
      Object.fromEntries(req.nextUrl.searchParams),
    );
    const metrics = await getServiceMetrics(String(params.namespace), String(params.name), query);
    if (!metrics) throw notFound("Global service");
    return json(serviceMetricsSchema, metrics);
  },
  { role: "viewer" },
);
