// POST /api/agent/v1/report — inventory snapshot, delta or heartbeat from a cluster's agent
import { NextResponse } from "next/server";
import { readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { MAX_REPORT_BYTES, reportSchema } from "@/lib/agent-protocol/messages";
import { withAgent } from "@/lib/auth/with-auth";
import { acceptReport } from "@/lib/services/agents";

export const POST = withAgent(async (req, { agent }) => {
  const report = parseOrThrow(reportSchema, await readJson(req, MAX_REPORT_BYTES));
  // The request's signal: a report whose agent timed out leaves the inventory queue unrun.
  return NextResponse.json(await acceptReport(agent, report, req.signal));
});
