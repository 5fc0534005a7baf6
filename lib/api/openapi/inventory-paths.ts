// The inventory part of the REST document: clusters, their agents and desired state,
// services, global services, the overview and the topology graph.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { topologyQuerySchema } from "@/lib/graph/query";
import { topologySchema } from "@/lib/graph/schema";
import {
  agentRevokedSchema,
  clusterDesiredQuerySchema,
  clusterStateSchema,
  desiredWrittenSchema,
  issuedJoinTokenSchema,
} from "@/lib/model/agents";
import { desiredPutSchema, joinTokenRequestSchema } from "@/lib/model/api";
import {
  clusterCreateSchema,
  clusterDetailSchema,
  clusterSummarySchema,
  clusterUpdateSchema,
  globalServiceListSchema,
  globalServiceQuerySchema,
  globalServiceSchema,
  listOf,
  overviewSchema,
  serviceQuerySchema,
  serviceSchema,
} from "@/lib/model/inventory";
import { serviceMetricsQuerySchema, serviceMetricsSchema } from "@/lib/model/metrics";
import { servingDtoSchema } from "@/lib/model/intent";
import { operation, pathParam } from "./operation";

const cluster = z.object({ name: pathParam("The cluster's name", "east-1") });
const globalService = z.object({
  namespace: pathParam("The global service's namespace", "bookinfo"),
  name: pathParam("The global service's name", "reviews"),
});
const NO_CLUSTER = "No cluster of that name";
const NO_SERVICE = "No global service of that namespace and name";

const clusterExample = {
  name: "east-1",
  displayName: "East 1",
  provider: "aws",
  region: "us-east-1",
  zone: "us-east-1a",
  network: "east",
  kind: "kubernetes",
  labels: { env: "prod" },
  state: "live",
  simulated: false,
  lastSeenAt: "2026-12-01T10:00:00.000Z",
  stale: false,
  meshes: [
    { type: "istio", version: "1.24.2", trustDomain: "cluster.local", rootCaFingerprint: "" },
  ],
  serviceCount: 6,
  endpoints: { ready: 12, total: 12 },
  agent: { status: "connected", version: "0.1.0", lastReportAt: "2026-12-01T10:00:00.000Z" },
  version: 3,
  createdAt: "2026-11-30T09:00:00.000Z",
};

export const INVENTORY_PATHS: ZodOpenApiPathsObject = {
  "/api/v1/clusters": {
    get: operation({
      id: "listClusters",
      summary: "List clusters",
      tag: "Clusters",
      access: "viewer",
      ok: {
        status: 200,
        description: "Every cluster with its meshes, counts and agent status",
        schema: listOf(clusterSummarySchema),
        example: { items: [clusterExample], errors: [] },
      },
    }),
    post: operation({
      id: "createCluster",
      summary: "Register a cluster",
      description: "Creates a pending cluster; issue a join token for its agent next.",
      tag: "Clusters",
      access: "admin",
      body: clusterCreateSchema,
      bodyExample: { name: "east-1", region: "us-east-1", zone: "us-east-1a", provider: "aws" },
      ok: { status: 201, description: "The new cluster", schema: clusterSummarySchema },
      errors: { 409: "A cluster of that name exists" },
    }),
  },
  "/api/v1/clusters/{name}": {
    get: operation({
      id: "getCluster",
      summary: "Get a cluster with its services",
      tag: "Clusters",
      access: "viewer",
      path: cluster,
      ok: { status: 200, description: "The cluster", schema: clusterDetailSchema },
      errors: { 404: NO_CLUSTER },
    }),
    patch: operation({
      id: "updateCluster",
      summary: "Edit a cluster",
      description: "`version` is the version read; a newer one on the server answers 409.",
      tag: "Clusters",
      access: "admin",
      path: cluster,
      body: clusterUpdateSchema,
      bodyExample: { version: 3, displayName: "East 1 (prod)" },
      ok: { status: 200, description: "The cluster as saved", schema: clusterSummarySchema },
      errors: { 404: NO_CLUSTER, 409: "The cluster changed since `version`" },
    }),
    delete: operation({
      id: "deleteCluster",
      summary: "Remove a cluster",
      tag: "Clusters",
      access: "admin",
      path: cluster,
      ok: { status: 204, description: "Removed" },
      errors: { 404: NO_CLUSTER },
    }),
  },
  "/api/v1/clusters/{name}/agent": {
    get: operation({
      id: "getClusterAgent",
      summary: "Get a cluster's state and agent status",
      tag: "Agents",
      access: "viewer",
      path: cluster,
      ok: { status: 200, description: "The cluster's summary", schema: clusterSummarySchema },
      errors: { 404: NO_CLUSTER },
    }),
    delete: operation({
      id: "revokeClusterAgent",
      summary: "Revoke a cluster's agent credentials and unused join tokens",
      tag: "Agents",
      access: "admin",
      path: cluster,
      ok: { status: 200, description: "What was revoked", schema: agentRevokedSchema },
      errors: { 404: NO_CLUSTER },
    }),
  },
  "/api/v1/clusters/{name}/join-tokens": {
    post: operation({
      id: "createJoinToken",
      summary: "Issue a single-use join token and the agent's install command",
      description: "The token is shown once, in this answer, and stored hashed.",
      tag: "Agents",
      access: "admin",
      path: cluster,
      body: joinTokenRequestSchema,
      bodyOptional: true,
      bodyExample: { ttlHours: 24 },
      ok: { status: 201, description: "The token (shown once)", schema: issuedJoinTokenSchema },
      errors: { 404: NO_CLUSTER, 429: "The caller issued too many join tokens this hour" },
    }),
  },
  "/api/v1/clusters/{name}/desired": {
    get: operation({
      id: "getClusterDesired",
      summary: "Get a cluster's desired and observed state, or its desired resources as YAML",
      tag: "Agents",
      access: "viewer",
      path: cluster,
      query: clusterDesiredQuerySchema,
      ok: {
        status: 200,
        description:
          "Desired resources and the last acknowledgement; with format=yaml, the resources as the agent applies them, one YAML document each (the files of `meridian export`)",
        schema: clusterStateSchema,
        // The schema of application/yaml content describes the parsed document(s), not the text:
        // any Kubernetes objects, or none (a comment) when nothing is desired.
        alternatives: {
          "application/yaml": z.unknown().meta({
            description: "A multi-document YAML stream, one Kubernetes object per document",
          }),
        },
      },
      errors: { 404: NO_CLUSTER },
    }),
    put: operation({
      id: "replaceClusterDesired",
      summary: "Replace a cluster's desired resources",
      tag: "Agents",
      access: "admin",
      path: cluster,
      body: desiredPutSchema,
      ok: { status: 200, description: "The generation now desired", schema: desiredWrittenSchema },
      errors: { 404: NO_CLUSTER, 422: "A resource Meridian may not own" },
    }),
  },
  "/api/v1/services": {
    get: operation({
      id: "listServices",
      summary: "List service instances across clusters",
      tag: "Services",
      access: "viewer",
      query: serviceQuerySchema,
      ok: { status: 200, description: "Matching services", schema: listOf(serviceSchema) },
    }),
  },
  "/api/v1/global-services": {
    get: operation({
      id: "listGlobalServices",
      summary: "List global services with the clusters each runs in",
      tag: "Services",
      access: "viewer",
      query: globalServiceQuerySchema,
      ok: { status: 200, description: "Matching global services", schema: globalServiceListSchema },
    }),
  },
  "/api/v1/global-services/{namespace}/{name}": {
    get: operation({
      id: "getGlobalService",
      summary: "Get a global service",
      tag: "Services",
      access: "viewer",
      path: globalService,
      ok: { status: 200, description: "The global service", schema: globalServiceSchema },
      errors: { 404: NO_SERVICE },
    }),
  },
  "/api/v1/global-services/{namespace}/{name}/serving": {
    get: operation({
      id: "getGlobalServiceServing",
      summary: "Who would serve each consumer cluster",
      tag: "Services",
      access: "viewer",
      path: globalService,
      ok: { status: 200, description: "Serving cluster per consumer", schema: servingDtoSchema },
      errors: { 404: NO_SERVICE },
    }),
  },
  "/api/v1/global-services/{namespace}/{name}/metrics": {
    get: operation({
      id: "getGlobalServiceMetrics",
      summary: "Golden signals of a global service",
      tag: "Metrics",
      access: "viewer",
      path: globalService,
      query: serviceMetricsQuerySchema,
      ok: {
        status: 200,
        description: "Series per cluster and in total",
        schema: serviceMetricsSchema,
      },
      errors: { 404: NO_SERVICE },
    }),
  },
  "/api/v1/overview": {
    get: operation({
      id: "getOverview",
      summary: "Fleet counts and clusters by region",
      tag: "Clusters",
      access: "viewer",
      ok: { status: 200, description: "The overview", schema: overviewSchema },
    }),
  },
  "/api/v1/topology": {
    get: operation({
      id: "getTopology",
      summary: "The fleet graph: regions, clusters, services, global services and calls",
      tag: "Topology",
      access: "viewer",
      query: topologyQuerySchema,
      ok: { status: 200, description: "Nodes and edges", schema: topologySchema },
    }),
  },
};
