// GET /api/agent/v1/desired/stream?after=N — the cluster's desired state as server-sent events
import { parseOrThrow } from "@/lib/api/errors";
import { openDesiredStream, SSE_HEADERS } from "@/lib/api/desired-sse";
import { desiredStreamQuerySchema } from "@/lib/agent-protocol/messages";
import { withAgent } from "@/lib/auth/with-auth";

export const dynamic = "force-dynamic";

export const GET = withAgent(async (req, { agent, stillValid }) => {
  const { after, epoch } = parseOrThrow(
    desiredStreamQuerySchema,
    Object.fromEntries(req.nextUrl.searchParams),
  );
  const body = await openDesiredStream({
    clusterName: agent.clusterName,
    after,
    epoch,
    signal: req.signal,
    stillValid,
  });
  // Every event must arrive when it is sent.
  return new Response(body, { headers: SSE_HEADERS });
});
