// POST /api/v1/clusters/{name}/join-tokens — a single-use join token and the agent install command (admin)
import { json, readJson } from "@/lib/api/respond";
import { issuedJoinTokenSchema } from "@/lib/model/agents";
import { joinTokenRequestSchema } from "@/lib/model/api";
import { parseOrThrow } from "@/lib/api/errors";
import { withAuth } from "@/lib/auth/with-auth";
import { actorOf } from "@/lib/model/actor";
import { countJoinToken } from "@/lib/services/abuse-limits";
import { createJoinToken } from "@/lib/services/agents";
import { agentInstallCommand } from "@/lib/domain/install-command";

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
    const url = process.env.NEXTAUTH_URL ?? req.nextUrl.origin;
    return json(
      issuedJoinTokenSchema,
      { ...issued, installCommand: agentInstallCommand({ url, cluster, joinToken: issued.token }) },
      201,
    );
  },
  { role: "admin" },
);
