// POST /api/agent/v1/status — the generation an agent applied, with per-resource results
import { NextResponse } from "next/server";
import { readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { MAX_REPORT_BYTES, statusReportSchema } from "@/lib/agent-protocol/messages";
import { withAgent } from "@/lib/auth/with-auth";
import { acceptStatus } from "@/lib/services/agents/reports";

export const POST = withAgent(async (req, { agent }) => {
  await acceptStatus(
    agent,
    parseOrThrow(statusReportSchema, await readJson(req, MAX_REPORT_BYTES)),
  );
  return new NextResponse(null, { status: 204 });
});
