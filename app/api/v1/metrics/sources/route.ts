// GET /api/v1/metrics/sources — metrics sources (no credentials); POST — add one (admin)
import { parseOrThrow } from "@/lib/api/errors";
import {
  metricsSourceCreateSchema,
  metricsSourceListSchema,
  metricsSourceSchema,
} from "@/lib/model/metrics";
import { json, readJson } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import {
  createMetricsSource,
  listMetricsSources,
} from "@/lib/services/fleet-metrics/metrics-sources";

export const GET = withAuth(
  async () =>
    json(metricsSourceListSchema, {
      items: await listMetricsSources(),
    }),
  { role: "viewer" },
);

export const POST = withAuth(
  async (req, { principal }) => {
    const input = parseOrThrow(metricsSourceCreateSchema, await readJson(req));
    return json(metricsSourceSchema, await createMetricsSource(input, actorOf(principal)), 201);
  },
  { role: "admin" },
);
