// POST /api/agent/v1/report — inventory snapshot, delta or heartbeat from a cluster's agent
import { json, readJson } from "@/lib/api/respond";
import { reportAcceptedSchema } from "@/lib/model/api";
import { parseOrThrow } from "@/lib/api/errors";
import { MAX_REPORT_BYTES, reportSchema } from "@/lib/agent-protocol/messages";
import { withAgent } from "@/lib/auth/with-auth";
import { acceptReport } from "@/lib/services/agents/reports";

export const POST = withAgent(async (req, { agent }) => {
  const report = parseOrThrow(reportSchema, await readJson(req, MAX_REPORT_BYTES));
  // The request's signal: a report whose agent timed out leaves the inventory queue unrun.
  return json(reportAcceptedSchema, await acceptReport(agent, report, req.signal));
});
