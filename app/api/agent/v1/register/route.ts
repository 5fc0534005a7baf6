// POST /api/agent/v1/register — an agent trades its single-use join token for a cluster credential
import { json, readJson } from "@/lib/api/respond";
import { parseOrThrow } from "@/lib/api/errors";
import { registerRequestSchema, registerResponseSchema } from "@/lib/agent-protocol/messages";
import { publicRoute, type AgentApiRequest } from "@/lib/auth/with-auth";
import { registerAgent } from "@/lib/services/agents";

// Public by design: the join token in the body is the credential, checked by registerAgent.
export const POST = publicRoute<AgentApiRequest>(async (req) => {
  const input = parseOrThrow(registerRequestSchema, await readJson(req, 16 * 1024));
  return json(registerResponseSchema, await registerAgent(input), 201);
});
