// The administration part of the REST document: the caller, API tokens, users, metrics
// sources, alerts and the health check.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { alertListSchema, alertQuerySchema, alertSummarySchema } from "@/lib/model/alerts";
import {
  auditExportJsonSchema,
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
} from "@/lib/model/audit";
import { healthSchema, meSchema, userListSchema } from "@/lib/model/api";
import {
  apiTokenCreateSchema,
  apiTokenListSchema,
  createdApiTokenSchema,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
} from "@/lib/model/inventory";
import {
  metricsSourceCreateSchema,
  metricsSourceListSchema,
  metricsSourceSchema,
  metricsSourceUpdateSchema,
  sourceTestResultSchema,
} from "@/lib/model/metrics";
import { openApiDocumentSchema, operation, pathParam } from "./operation";

const byId = (what: string) => z.object({ id: pathParam(`The ${what}'s id`, "cm4x2k9a0000") });
const NO_SOURCE = "No metrics source with that id";

export const ADMIN_PATHS: ZodOpenApiPathsObject = {
  "/api/v1/openapi.json": {
    get: operation({
      id: "getOpenApiDocument",
      summary: "This document",
      tag: "Health",
      access: "public",
      ok: {
        status: 200,
        description: "The REST API's OpenAPI 3.1 document",
        schema: openApiDocumentSchema,
      },
    }),
  },
  "/api/healthz": {
    get: operation({
      id: "getHealth",
      summary: "Liveness and database reachability",
      tag: "Health",
      access: "public",
      ok: {
        status: 200,
        description: "Up, and the database answers",
        schema: healthSchema,
        example: { status: "ok", database: { reachable: true, latencyMs: 1.2 } },
      },
      unavailable: { description: "The database does not answer", schema: healthSchema },
    }),
  },
  "/api/v1/me": {
    get: operation({
      id: "getMe",
      summary: "Who the caller is",
      tag: "Users",
      access: "viewer",
      ok: {
        status: 200,
        description: "The caller's user and role",
        schema: meSchema,
        example: { id: "cm4x2k9a0000", email: "ops@example.org", role: "operator", via: "token" },
      },
    }),
  },
  "/api/v1/tokens": {
    get: operation({
      id: "listApiTokens",
      summary: "The caller's API tokens",
      tag: "API tokens",
      access: "viewer",
      ok: {
        status: 200,
        description: "The caller's tokens (never their secrets)",
        schema: apiTokenListSchema,
      },
    }),
    post: operation({
      id: "createApiToken",
      summary: "Issue an API token for the caller",
      description: "The token is shown once, in this answer. A token cannot mint tokens: sign in.",
      tag: "API tokens",
      access: "viewer",
      body: apiTokenCreateSchema,
      bodyExample: { name: "ci", expiresInDays: 90 },
      ok: {
        status: 201,
        description: "The token (shown once) and its entry",
        schema: createdApiTokenSchema,
      },
      errors: {
        403: "Called with an API token rather than a session",
        429: "The caller created too many API tokens this hour (docs/abuse-limits.md)",
      },
    }),
  },
  "/api/v1/tokens/{id}": {
    delete: operation({
      id: "revokeApiToken",
      summary: "Revoke one of the caller's API tokens",
      tag: "API tokens",
      access: "viewer",
      path: byId("token"),
      ok: { status: 204, description: "Revoked" },
      errors: { 404: "The caller has no token with that id" },
    }),
  },
  "/api/v1/users": {
    get: operation({
      id: "listUsers",
      summary: "List users",
      tag: "Users",
      access: "admin",
      ok: { status: 200, description: "Every user", schema: userListSchema },
    }),
    post: operation({
      id: "createUser",
      summary: "Create a user with a role",
      tag: "Users",
      access: "admin",
      body: userCreateSchema,
      bodyExample: {
        email: "ops@example.org",
        password: "correct horse battery",
        role: "operator",
      },
      ok: { status: 201, description: "The new user", schema: userSchema },
      errors: { 409: "A user with that email exists" },
    }),
  },
  "/api/v1/audit": {
    get: operation({
      id: "listAuditEvents",
      summary: "The audit trail, newest first: who did what, when, from where",
      tag: "Audit",
      access: "admin",
      query: auditQuerySchema,
      ok: { status: 200, description: "One page of events", schema: auditPageSchema },
      errors: { 400: "A filter or the cursor is malformed" },
    }),
  },
  "/api/v1/audit/export": {
    get: operation({
      id: "exportAuditEvents",
      summary: "The filtered audit trail as a CSV or JSON file (at most 10,000 events)",
      tag: "Audit",
      access: "admin",
      query: auditExportQuerySchema,
      ok: {
        status: 200,
        description:
          "A file download (X-Meridian-Truncated: true when capped): CSV by default, JSON with format=json",
        schema: z.string(),
        contentType: "text/csv",
        alternatives: { "application/json": auditExportJsonSchema },
      },
      errors: { 400: "A filter is malformed" },
    }),
  },
  "/api/v1/users/{id}": {
    patch: operation({
      id: "updateUser",
      summary:
        "Change a user's role or password (either ends their sessions), or disable or enable them",
      tag: "Users",
      access: "admin",
      path: byId("user"),
      body: userUpdateSchema,
      bodyExample: { role: "viewer" },
      ok: { status: 200, description: "The user as now", schema: userSchema },
      errors: {
        404: "No user with that id",
        409: "It would leave no enabled admin (`last_admin`), or the caller disables themselves (`self`)",
      },
    }),
    delete: operation({
      id: "deleteUser",
      summary: "Delete a user (their API tokens stop working)",
      tag: "Users",
      access: "admin",
      path: byId("user"),
      ok: { status: 204, description: "Deleted" },
      errors: {
        404: "No user with that id",
        409: "It is the last enabled admin (`last_admin`), or the caller's own account (`self`)",
      },
    }),
  },
  "/api/v1/users/{id}/sessions": {
    delete: operation({
      id: "endUserSessions",
      summary: "End every session of a user (browser sign-ins; API tokens stay)",
      tag: "Users",
      access: "admin",
      path: byId("user"),
      ok: { status: 204, description: "Every session signed in so far is refused from now on" },
      errors: { 404: "No user with that id" },
    }),
  },
  "/api/v1/metrics/sources": {
    get: operation({
      id: "listMetricsSources",
      summary: "Metrics sources (never their credentials)",
      tag: "Metrics",
      access: "viewer",
      ok: { status: 200, description: "Every source", schema: metricsSourceListSchema },
    }),
    post: operation({
      id: "createMetricsSource",
      summary: "Add a metrics source",
      tag: "Metrics",
      access: "admin",
      body: metricsSourceCreateSchema,
      ok: { status: 201, description: "The new source", schema: metricsSourceSchema },
      errors: { 409: "A source of that name exists", 422: "The URL is not allowed (SSRF guard)" },
    }),
  },
  "/api/v1/metrics/sources/{id}": {
    patch: operation({
      id: "updateMetricsSource",
      summary: "Edit a metrics source",
      tag: "Metrics",
      access: "admin",
      path: byId("metrics source"),
      body: metricsSourceUpdateSchema,
      ok: { status: 200, description: "The source as saved", schema: metricsSourceSchema },
      errors: {
        404: NO_SOURCE,
        409: "The source changed, or the name is taken",
        422: "The URL is not allowed (SSRF guard)",
      },
    }),
    delete: operation({
      id: "deleteMetricsSource",
      summary: "Remove a metrics source",
      tag: "Metrics",
      access: "admin",
      path: byId("metrics source"),
      ok: { status: 204, description: "Removed" },
      errors: { 404: NO_SOURCE },
    }),
  },
  "/api/v1/metrics/sources/{id}/test": {
    post: operation({
      id: "testMetricsSource",
      summary: "Probe a metrics source's build info",
      tag: "Metrics",
      access: "admin",
      path: byId("metrics source"),
      ok: { status: 200, description: "What the probe found", schema: sourceTestResultSchema },
      errors: { 404: NO_SOURCE },
    }),
  },
  "/api/v1/alerts": {
    get: operation({
      id: "listAlerts",
      summary: "The fleet's alerts with rollups per global service",
      tag: "Alerts",
      access: "viewer",
      query: alertQuerySchema,
      ok: {
        status: 200,
        description: "Alerts, rollups and per-source status",
        schema: alertListSchema,
      },
    }),
  },
  "/api/v1/alerts/summary": {
    get: operation({
      id: "getAlertSummary",
      summary: "Alert counts by state and severity, for badges",
      tag: "Alerts",
      access: "viewer",
      query: alertQuerySchema,
      ok: {
        status: 200,
        description: "Counts and affected global services",
        schema: alertSummarySchema,
      },
    }),
  },
};
