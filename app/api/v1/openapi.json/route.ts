// GET /api/v1/openapi.json — the REST API's OpenAPI 3.1 document, generated from its zod schemas.
// Public on purpose: it holds no data, only the contract every install shares (the same as the
// source), and client generators, gateways and contract tests fetch it without credentials.
import { publicRoute } from "@/lib/auth/with-auth";
import { openApiResponse } from "@/lib/api/openapi/serve";

export const GET = publicRoute(async () => openApiResponse("rest"));
