// GET /api/agent/v1/desired?after=N&wait=S — long-poll for a desired generation newer than N
import { NextResponse } from "next/server";
import { json } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { desiredQuerySchema, desiredResponseSchema } from "@/lib/agent-protocol/messages";
import { withAgent } from "@/lib/auth/with-auth";
import { waitForDesired } from "@/lib/services/agents/desired-stream";

export const dynamic = "force-dynamic";

export const GET = withAgent(async (req, { agent }) => {
  const { after, wait } = parseOrThrow(
    desiredQuerySchema,
    Object.fromEntries(req.nextUrl.searchParams),
  );
  const desired = await waitForDesired({
    clusterName: agent.clusterName,
    after,
    waitMs: wait * 1000,
    signal: req.signal,
  });
  return desired ? json(desiredResponseSchema, desired) : new NextResponse(null, { status: 204 });
});
