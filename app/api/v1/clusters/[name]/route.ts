// GET|PATCH|DELETE /api/v1/clusters/{name} — one cluster with its services; edit; remove
import { NextResponse } from "next/server";
import { json, readJson } from "@/lib/api/respond";
import { notFound, parseOrThrow } from "@/lib/api/errors";
import {
  clusterDetailSchema,
  clusterSummarySchema,
  clusterUpdateSchema,
} from "@/lib/model/inventory";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { deleteCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { getCluster } from "@/lib/store/clusters";

const nameOf = (params: Record<string, unknown>) => String(params.name ?? "");

export const GET = withAuth(
  async (_req, { params }) => {
    const cluster = await getCluster(nameOf(params));
    if (!cluster) throw notFound("Cluster");
    return json(clusterDetailSchema, cluster);
  },
  { role: "viewer" },
);

export const PATCH = withAuth(
  async (req, { params, principal }) => {
    const input = parseOrThrow(clusterUpdateSchema, await readJson(req));
    return json(
      clusterSummarySchema,
      await updateCluster(nameOf(params), input, actorOf(principal)),
    );
  },
  { role: "admin" },
);

export const DELETE = withAuth(
  async (_req, { params, principal }) => {
    await deleteCluster(nameOf(params), actorOf(principal));
    return new NextResponse(null, { status: 204 });
  },
  { role: "admin" },
);
