// Meridian's OpenAPI 3.1 documents, generated from the zod schemas the routes parse and answer
// with (zod-openapi): the REST API (/api/v1, served at /api/v1/openapi.json) and the agent API
// (/api/agent/v1, served at /api/agent/v1/openapi.json). Never written by hand.
import { createDocument, type ZodOpenApiObject } from "zod-openapi";
import { apiErrorSchema } from "@/lib/model/api";
import { ADMIN_PATHS } from "./admin-paths";
import { AGENT_PATHS } from "./agent-paths";
import { CHANGE_PATHS } from "./change-paths";
import { FEDERATION_PATHS } from "./federation-paths";
import { INVENTORY_PATHS } from "./inventory-paths";
import { TRUST_PATHS } from "./trust-paths";
import { refusingCrossOrigin } from "./operation";

const VERSION = "1.0.0";
const LICENSE = { name: "Apache 2.0", url: "https://www.apache.org/licenses/LICENSE-2.0" };
const SERVERS = [{ url: "/", description: "The Meridian serving this document" }];

const REST_TAGS = [
  ["Clusters", "The fleet's clusters and the overview"],
  ["Agents", "A cluster's agent: join tokens, revocation, desired and observed state"],
  ["Services", "Service instances and global services"],
  ["Intent", "Sharing and failover intent, and plans of changes to it"],
  ["Change sets", "Applied intent changes, their per-cluster status and rollbacks"],
  ["Topology", "The fleet graph"],
  ["Trust", "Identity trust between clusters, and SPIFFE trust bundles"],
  ["Metrics", "Metrics sources and golden signals"],
  ["Alerts", "Alerts from Prometheus, Alertmanager and Meridian's fleet rules"],
  ["Settings", "Fleet-wide settings"],
  ["Federation", "Peers over Hamlet v1alpha2: publications, offers and imports"],
  ["Users", "Users and the caller"],
  ["Audit", "The audit trail: who changed what, when, from where"],
  ["API tokens", "Personal API tokens"],
  ["Health", "Liveness"],
].map(([name, description]) => ({ name: name!, description: description! }));

function document(config: Omit<ZodOpenApiObject, "openapi">) {
  return createDocument({
    openapi: "3.1.0",
    ...config,
    components: { ...config.components, schemas: { ApiError: apiErrorSchema } },
  });
}

/** The REST API's document. */
export function restApiDocument() {
  return document({
    info: {
      title: "Meridian REST API",
      version: VERSION,
      license: LICENSE,
      description:
        "Manage a multi-cluster service-mesh fleet: clusters, global services, intent, plans, " +
        "change sets, metrics and alerts. Authenticate with a browser session or a personal " +
        "API token (`Authorization: Bearer mrd_pat_…`, made on the Settings page). Every " +
        "failure answers `{ error: { code, message, details? } }`.",
    },
    servers: SERVERS,
    tags: REST_TAGS,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The browser session (`__Secure-next-auth.session-token` over HTTPS).",
        },
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "A personal API token (`mrd_pat_…`); it carries its owner's role.",
        },
      },
    },
    paths: refusingCrossOrigin({
      ...INVENTORY_PATHS,
      ...CHANGE_PATHS,
      ...ADMIN_PATHS,
      ...TRUST_PATHS,
      ...FEDERATION_PATHS,
    }),
  });
}

/** The agent API's document: what a cluster agent calls, outbound only. */
export function agentApiDocument() {
  return document({
    info: {
      title: "Meridian agent API",
      version: VERSION,
      license: LICENSE,
      description:
        "The outbound-only protocol of Meridian's cluster agent: register with a join token, " +
        "report the inventory, follow the desired state and acknowledge what was applied. A " +
        "credential reads and writes only its own cluster.",
    },
    servers: SERVERS,
    tags: [{ name: "Agent", description: "The cluster agent's calls" }],
    components: {
      securitySchemes: {
        agentCredential: {
          type: "http",
          scheme: "bearer",
          description: "The cluster's agent credential (`mrd_agent_…`), from registration.",
        },
      },
    },
    paths: AGENT_PATHS,
  });
}
