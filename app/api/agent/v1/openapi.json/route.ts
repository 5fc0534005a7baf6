// GET /api/agent/v1/openapi.json — the agent API's OpenAPI 3.1 document (public, like the REST
// API's: the protocol is the agent's source, and holds no data).
import { publicRoute } from "@/lib/auth/with-auth";
import { openApiResponse } from "@/lib/api/openapi/serve";

export const GET = publicRoute(async () => openApiResponse("agent"));
