// GET /api/agent/v1/desired?after=N&epoch=E&wait=S — long-poll for a desired state other than the agent's
import { NextResponse } from "next/server";
import { json } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { desiredQuerySchema, desiredResponseSchema } from "@/lib/agent-protocol/messages";
import { withAgent } from "@/lib/auth/with-auth";
import { waitForDesired } from "@/lib/services/agents/desired-stream";

export const dynamic = "force-dynamic";

export const GET = withAgent(async (req, { agent }) => {
  const { after, epoch, wait } = parseOrThrow(
    desiredQuerySchema,
    Object.fromEntries(req.nextUrl.searchParams),
  );
  const desired = await waitForDesired({
    clusterName: agent.clusterName,
    after,
    epoch,
    waitMs: wait * 1000,
    signal: req.signal,
  });
  return desired ? json(desiredResponseSchema, desired) : new NextResponse(null, { status: 204 });
});
