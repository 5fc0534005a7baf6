// GET /api/agent/v1/desired/stream?after=N — the cluster's desired state as server-sent events
import { parseOrThrow } from "@/lib/api/errors";
import { desiredStreamQuerySchema } from "@/lib/agent-protocol/messages";
import { withAgent } from "@/lib/auth/with-auth";
import { openDesiredStream } from "@/lib/services/desired-stream";

export const dynamic = "force-dynamic";

export const GET = withAgent(async (req, { agent, stillValid }) => {
  const { after } = parseOrThrow(
    desiredStreamQuerySchema,
    Object.fromEntries(req.nextUrl.searchParams),
  );
  const body = await openDesiredStream({
    clusterName: agent.clusterName,
    after,
    signal: req.signal,
    stillValid,
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // No compression or buffering on the way: every event must arrive when it is sent.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
});
