// GET /api/agent/v1/desired?after=N&wait=S — long-poll for a desired generation newer than N
import { NextResponse } from "next/server";
import { json } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { desiredQuerySchema, desiredResponseSchema } from "@/lib/agent-protocol/messages";
import { withAgent } from "@/lib/auth/with-auth";
import { watchDesiredChanges } from "@/lib/store/desired-notify";
import { readDesiredStateForAgent } from "@/lib/store/desired-state";

export const dynamic = "force-dynamic";

export const GET = withAgent(async (req, { agent }) => {
  const { after, wait } = parseOrThrow(
    desiredQuerySchema,
    Object.fromEntries(req.nextUrl.searchParams),
  );
  const deadline = Date.now() + wait * 1000;
  // Watch before reading, so a change committed during the read still wakes this request.
  const watch = watchDesiredChanges(agent.clusterName);
  try {
    for (;;) {
      const desired = await readDesiredStateForAgent(agent.clusterName);
      if (desired && desired.generation > after) return json(desiredResponseSchema, desired);
      const left = deadline - Date.now();
      if (left <= 0 || req.signal.aborted) return new NextResponse(null, { status: 204 });
      await watch.next(left, req.signal);
    }
  } finally {
    watch.close();
  }
});
