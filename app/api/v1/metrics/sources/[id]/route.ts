// PATCH|DELETE /api/v1/metrics/sources/{id} — edit a metrics source; remove it (admin)
import { NextResponse } from "next/server";
import { parseOrThrow } from "@/lib/api/errors";
import { metricsSourceSchema, metricsSourceUpdateSchema } from "@/lib/model/metrics";
import { json, readJson } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import {
  deleteMetricsSource,
  updateMetricsSource,
} from "@/lib/services/fleet-metrics/metrics-sources";

const idOf = (params: Record<string, unknown>) => String(params.id ?? "");

export const PATCH = withAuth(
  async (req, { params, principal }) => {
    const input = parseOrThrow(metricsSourceUpdateSchema, await readJson(req));
    return json(
      metricsSourceSchema,
      await updateMetricsSource(idOf(params), input, actorOf(principal)),
    );
  },
  { role: "admin" },
);

export const DELETE = withAuth(
  async (_req, { params, principal }) => {
    await deleteMetricsSource(idOf(params), actorOf(principal));
    return new NextResponse(null, { status: 204 });
  },
  { role: "admin" },
);
