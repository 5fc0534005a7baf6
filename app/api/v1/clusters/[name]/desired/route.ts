// GET /api/v1/clusters/{name}/desired — desired and observed state; PUT — replace the desired resources (admin)
import { z } from "zod";
import { json, readJson } from "@/lib/api/respond";
import { clusterStateSchema, desiredWrittenSchema } from "@/lib/model/agents";
import { parseOrThrow } from "@/lib/api/errors";
import { desiredResourceSchema, MAX_REPORT_BYTES } from "@/lib/agent-protocol/messages";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { getClusterState, replaceDesiredResources } from "@/lib/services/cluster-state";

const putSchema = z.object({ resources: z.array(desiredResourceSchema).max(20_000) }).strict();

export const GET = withAuth(
  async (_req, { params }) => json(clusterStateSchema, await getClusterState(String(params.name))),
  { role: "viewer" },
);

export const PUT = withAuth(
  async (req, { params, principal }) => {
    const { resources } = parseOrThrow(putSchema, await readJson(req, MAX_REPORT_BYTES));
    return json(
      desiredWrittenSchema,
      await replaceDesiredResources(String(params.name), resources, actorOf(principal)),
    );
  },
  { role: "admin" },
);
