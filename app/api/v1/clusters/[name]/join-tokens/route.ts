// POST /api/v1/clusters/{name}/join-tokens — a single-use join token and the agent install command (admin)
// The command installs the chart Meridian serves (app/charts/[file]) from its public URL.
import { json, readJson } from "@/lib/api/respond";
import { issuedJoinTokenSchema } from "@/lib/model/agents";
import { joinTokenRequestSchema } from "@/lib/model/api";
import { parseOrThrow } from "@/lib/api/errors";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { countJoinToken } from "@/lib/services/access/abuse-limits";
import { createJoinToken } from "@/lib/services/agents/access";
import { agentChartUrl, agentInstallCommand, agentUrlWarnings } from "@/lib/domain/install-command";
import { agentChartPackage } from "@/lib/infra/agent-chart";
import { env } from "@/lib/infra/env";

export const POST = withAuth(
  async (req, { params, principal }) => {
    const hasBody = (req.headers.get("content-length") ?? "0") !== "0";
    const { ttlHours } = parseOrThrow(
      joinTokenRequestSchema,
      hasBody ? await readJson(req, 1024) : {},
    );
    const cluster = String(params.name);
    await countJoinToken(principal.userId);
    const issued = await createJoinToken(cluster, actorOf(principal), ttlHours);
    const url = env().MERIDIAN_PUBLIC_URL ?? process.env.NEXTAUTH_URL ?? req.nextUrl.origin;
    const chartUrl = agentChartUrl(url, (await agentChartPackage()).fileName);
    const installCommand = agentInstallCommand({ url, chartUrl, cluster, joinToken: issued.token });
    return json(
      issuedJoinTokenSchema,
      { ...issued, installCommand, warnings: agentUrlWarnings(url) },
      201,
    );
  },
  { role: "admin" },
);
