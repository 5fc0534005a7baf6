// The intent part of the REST document: intent, plans, change sets and rollbacks, and the
// settings that change what the intent compiles to.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  applyRequestSchema,
  changeSetDtoSchema,
  changeSetListSchema,
  changeSetQuerySchema,
  globalHostnameResultSchema,
  globalHostnameSettingSchema,
  intentListSchema,
  intentQuerySchema,
  planDtoSchema,
  planRequestSchema,
} from "@/lib/model/intent";
import { allowListSchema } from "@/lib/model/metrics";
import { operation, pathParam } from "./operation";

const changeSet = z.object({ id: pathParam("The change set's id or number", "12") });
const NO_CHANGE_SET = "No change set with that id or number";
const UNKNOWN_SERVICE = "A change names a global service that does not exist";
const UNKNOWN_NAMES = "A change names a cluster that does not exist, or fails validation";

const changeExample = {
  changes: [
    {
      namespace: "bookinfo",
      name: "reviews",
      version: 1,
      exports: ["east-1", "east-2"],
      imports: ["west-1"],
    },
  ],
};

export const CHANGE_PATHS: ZodOpenApiPathsObject = {
  "/api/v1/intent": {
    get: operation({
      id: "listIntent",
      summary: "Global services' sharing and failover intent, with versions",
      tag: "Intent",
      access: "viewer",
      query: intentQuerySchema,
      ok: { status: 200, description: "One page of intent", schema: intentListSchema },
    }),
  },
  "/api/v1/plans": {
    post: operation({
      id: "createPlan",
      summary: "Plan an intent change",
      description: "What the change would create, change and delete per cluster. Changes nothing.",
      tag: "Intent",
      access: "operator",
      body: planRequestSchema,
      bodyExample: changeExample,
      ok: { status: 200, description: "The plan", schema: planDtoSchema },
      errors: {
        404: UNKNOWN_SERVICE,
        409: "A change names a version older than the server's",
        422: UNKNOWN_NAMES,
      },
    }),
  },
  "/api/v1/change-sets": {
    get: operation({
      id: "listChangeSets",
      summary: "The change-set history, newest first, in pages (limit, cursor)",
      tag: "Change sets",
      access: "viewer",
      query: changeSetQuerySchema,
      ok: { status: 200, description: "Change sets, newest first", schema: changeSetListSchema },
      errors: { 400: "The limit or cursor is malformed" },
    }),
    post: operation({
      id: "applyChangeSet",
      summary: "Apply an intent change",
      description:
        "Writes intent, the new desired generations, a change set and an audit event in one " +
        "transaction, then notifies the agents. A plan with errors is refused (422) unless " +
        "`acceptErrors` is set.",
      tag: "Change sets",
      access: "operator",
      body: applyRequestSchema,
      bodyExample: { ...changeExample, title: "Share reviews with west-1" },
      ok: { status: 201, description: "The new change set", schema: changeSetDtoSchema },
      errors: {
        404: UNKNOWN_SERVICE,
        409: "A change names a version older than the server's",
        422: `${UNKNOWN_NAMES}, or the plan has errors`,
      },
    }),
  },
  "/api/v1/change-sets/{id}": {
    get: operation({
      id: "getChangeSet",
      summary: "Get a change set with per-cluster status",
      tag: "Change sets",
      access: "viewer",
      path: changeSet,
      ok: { status: 200, description: "The change set", schema: changeSetDtoSchema },
      errors: { 404: NO_CHANGE_SET },
    }),
  },
  "/api/v1/change-sets/{id}/rollback": {
    post: operation({
      id: "rollbackChangeSet",
      summary: "Apply the inverse of a change set",
      tag: "Change sets",
      access: "operator",
      path: changeSet,
      ok: { status: 201, description: "The rollback's change set", schema: changeSetDtoSchema },
      errors: {
        404: `${NO_CHANGE_SET}, or a global service it changed is gone`,
        409: "Rolled back already, or the intent moved since the change set (`rollback_stale`: details name the change sets in between and carry `restore`, the changes that plan a rollback to the state before it)",
        422: "The inverse cannot be applied (a cluster or service is gone)",
      },
    }),
  },
  "/api/v1/settings/global-hostname": {
    get: operation({
      id: "getGlobalHostnameSetting",
      summary: "The global hostname suffix",
      tag: "Settings",
      access: "viewer",
      ok: { status: 200, description: "The suffix", schema: globalHostnameSettingSchema },
    }),
    put: operation({
      id: "setGlobalHostnameSetting",
      summary: "Change the global hostname suffix",
      tag: "Settings",
      access: "admin",
      body: globalHostnameSettingSchema,
      bodyExample: { suffix: "global" },
      ok: {
        status: 200,
        description: "The suffix and the change set it made",
        schema: globalHostnameResultSchema,
      },
      errors: { 422: "The new hostnames would collide" },
    }),
  },
  "/api/v1/settings/metrics-allow-list": {
    get: operation({
      id: "getMetricsAllowList",
      summary: "Private networks metrics sources may use",
      tag: "Settings",
      access: "admin",
      ok: { status: 200, description: "The allow list", schema: allowListSchema },
    }),
    put: operation({
      id: "setMetricsAllowList",
      summary: "Replace the metrics allow list",
      tag: "Settings",
      access: "admin",
      body: allowListSchema,
      bodyExample: { entries: ["10.0.0.0/8", "prometheus.monitoring.svc"] },
      ok: { status: 200, description: "The allow list as saved", schema: allowListSchema },
    }),
  },
};
