// GET /charts/{name}-{version}.tgz — the agent's Helm chart, packaged, for the join command.
// Public on purpose: the chart is the same open-source chart for every install and holds no
// secret (the join token is a value given on the command line), and `helm` fetches it without
// credentials from the machine that installs the agent.
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { publicRoute } from "@/lib/auth/with-auth";
import { agentChartPackage } from "@/lib/infra/agent-chart";

export const GET = publicRoute(async (_req, { params }) => {
  const chart = await agentChartPackage();
  if (params.file !== chart.fileName)
    throw new ApiError(
      404,
      "not_found",
      `No chart ${String(params.file)}; ${chart.fileName} is served`,
    );
  return new NextResponse(new Uint8Array(chart.bytes), {
    headers: {
      "content-type": "application/gzip",
      "content-length": String(chart.bytes.length),
      "content-disposition": `attachment; filename="${chart.fileName}"`,
      "cache-control": "public, max-age=300",
    },
  });
});
