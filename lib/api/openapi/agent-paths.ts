// The agent API's document (/api/agent/v1): registration, reports, desired state and
// acknowledgements, as the cluster agent speaks them.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  desiredQuerySchema,
  desiredResponseSchema,
  desiredStreamQuerySchema,
  DESIRED_EVENT,
  registerRequestSchema,
  registerResponseSchema,
  reportSchema,
  statusReportSchema,
  STREAM_MAX_SECONDS,
} from "@/lib/agent-protocol/messages";
import { reportAcceptedSchema } from "@/lib/model/api";
import { openApiDocumentSchema, operation } from "./operation";

export const AGENT_PATHS: ZodOpenApiPathsObject = {
  "/api/agent/v1/openapi.json": {
    get: operation({
      id: "getAgentOpenApiDocument",
      summary: "This document",
      tag: "Agent",
      access: "public",
      ok: {
        status: 200,
        description: "The agent API's OpenAPI 3.1 document",
        schema: openApiDocumentSchema,
      },
    }),
  },
  "/api/agent/v1/register": {
    post: operation({
      id: "registerAgent",
      summary: "Trade a single-use join token for a per-cluster credential",
      description: "The join token in the body is the credential.",
      tag: "Agent",
      access: "public",
      body: registerRequestSchema,
      bodyExample: { joinToken: "mrd_join_…", agent: { version: "0.1.0", hostname: "agent-0" } },
      ok: {
        status: 201,
        description: "The cluster and, when Meridian made it, the credential",
        schema: registerResponseSchema,
      },
      errors: {
        401: "The join token is unknown, used, revoked or expired",
        403: "The cluster is disabled",
        429: "Too many registration attempts from this address this minute",
      },
    }),
  },
  "/api/agent/v1/report": {
    post: operation({
      id: "reportInventory",
      summary: "Send an inventory snapshot, a delta or a heartbeat",
      tag: "Agent",
      access: "agent",
      body: reportSchema,
      ok: { status: 200, description: "What the report changed", schema: reportAcceptedSchema },
      errors: { 404: "The cluster was removed" },
    }),
  },
  "/api/agent/v1/desired": {
    get: operation({
      id: "pollDesired",
      summary:
        "Long-poll for a desired state other than the agent's (`after` of `epoch`; newer, or a restored plane's)",
      tag: "Agent",
      access: "agent",
      query: desiredQuerySchema,
      ok: {
        status: 200,
        description: "The current desired state (another generation or epoch than the agent's)",
        schema: desiredResponseSchema,
      },
      noContent: "The agent's generation and epoch stayed current for `wait` seconds",
      errors: { 404: "The cluster was removed" },
    }),
  },
  "/api/agent/v1/desired/stream": {
    get: operation({
      id: "streamDesired",
      summary: "The cluster's desired state as server-sent events",
      description:
        `A \`${DESIRED_EVENT}\` event (data: a DesiredResponse document) whenever the current ` +
        "desired state is not the agent's (`after` of `epoch`: a newer generation, or a restored " +
        `plane's), keep-alive comments, and the end after ${STREAM_MAX_SECONDS} s ` +
        "or when the credential is revoked.",
      tag: "Agent",
      access: "agent",
      query: desiredStreamQuerySchema,
      ok: {
        status: 200,
        description: "The event stream",
        schema: z.string(),
        contentType: "text/event-stream",
      },
      errors: { 404: "The cluster was removed" },
    }),
  },
  "/api/agent/v1/status": {
    post: operation({
      id: "reportStatus",
      summary: "Acknowledge the generation applied, with per-resource results",
      tag: "Agent",
      access: "agent",
      body: statusReportSchema,
      ok: { status: 204, description: "Recorded" },
      errors: {
        404: "The cluster was removed",
        409: "That generation was never issued to the cluster",
      },
    }),
  },
};
