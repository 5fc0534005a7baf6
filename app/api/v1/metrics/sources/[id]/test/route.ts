// POST /api/v1/metrics/sources/{id}/test — probe a source's build info (admin); generic errors
import { notFound } from "@/lib/api/errors";
import { sourceTestResultSchema } from "@/lib/model/metrics";
import { json } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { testMetricsSource } from "@/lib/services/fleet-metrics/metrics-probe";
import { loadRuntimeSource } from "@/lib/services/fleet-metrics/runtime-sources";

export const POST = withAuth(
  async (_req, { params }) => {
    const source = await loadRuntimeSource(String(params.id ?? ""));
    if (!source) throw notFound("Metrics source");
    return json(sourceTestResultSchema, await testMetricsSource(source));
  },
  { role: "admin" },
);
