// POST /api/agent/v1/register — an agent trades its single-use join token for a cluster credential
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { registerRequestSchema, registerResponseSchema } from "@/lib/agent-protocol/messages";
import { publicRoute, type AgentApiRequest } from "@/lib/auth/with-auth";
import { clientIp } from "@/lib/api/client-ip";
import { env } from "@/lib/infra/env";
import { countRegistration } from "@/lib/services/access/abuse-limits";
import { registerAgent } from "@/lib/services/agents/register";

// Public by design: the join token in the body is the credential, checked by registerAgent.
export const POST = publicRoute<AgentApiRequest>(async (req) => {
  // Every attempt counts against the caller's address, shared by the replicas.
  const ip = clientIp((name) => req.headers.get(name), env().MERIDIAN_TRUSTED_PROXIES);
  await countRegistration(ip);
  const input = parseOrThrow(registerRequestSchema, await readJson(req, 16 * 1024));
  return json(registerResponseSchema, await registerAgent(input), 201);
});
