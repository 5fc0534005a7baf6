// GET /api/v1/clusters/{name}/desired — desired and observed state (?format=yaml: the resources as applied); PUT — replace the desired resources (admin)
import { NextResponse } from "next/server";
import { json, readJson } from "@/lib/api/respond";
import {
  clusterDesiredQuerySchema,
  clusterStateSchema,
  desiredWrittenSchema,
} from "@/lib/model/agents";
import { desiredPutSchema } from "@/lib/model/api";
import { parseOrThrow } from "@/lib/api/errors";
import { MAX_REPORT_BYTES } from "@/lib/agent-protocol/messages";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import {
  getClusterState,
  getDesiredYaml,
  replaceDesiredResources,
} from "@/lib/services/sharing/cluster-state";

export const GET = withAuth(
  async (req, { params }) => {
    const { format } = parseOrThrow(
      clusterDesiredQuerySchema,
      Object.fromEntries(req.nextUrl.searchParams),
    );
    const name = String(params.name);
    if (format === "json") return json(clusterStateSchema, await getClusterState(name));
    return new NextResponse(await getDesiredYaml(name), {
      headers: { "Content-Type": "application/yaml; charset=utf-8", "Cache-Control": "no-store" },
    });
  },
  { role: "viewer" },
);

export const PUT = withAuth(
  async (req, { params, principal }) => {
    const { resources } = parseOrThrow(desiredPutSchema, await readJson(req, MAX_REPORT_BYTES));
    return json(
      desiredWrittenSchema,
      await replaceDesiredResources(String(params.name), resources, actorOf(principal)),
    );
  },
  { role: "admin" },
);
