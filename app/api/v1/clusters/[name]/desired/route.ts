// GET /api/v1/clusters/{name}/desired — desired and observed state; PUT — replace the desired resources (admin)
import { json, readJson } from "@/lib/api/respond";
import { clusterStateSchema, desiredWrittenSchema } from "@/lib/model/agents";
import { desiredPutSchema } from "@/lib/model/api";
import { parseOrThrow } from "@/lib/api/errors";
import { MAX_REPORT_BYTES } from "@/lib/agent-protocol/messages";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { getClusterState, replaceDesiredResources } from "@/lib/services/cluster-state";

export const GET = withAuth(
  async (_req, { params }) => json(clusterStateSchema, await getClusterState(String(params.name))),
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
