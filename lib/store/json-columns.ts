import "server-only";
import { z } from "zod";
import { labelMap } from "@/lib/agent-protocol/k8s-names";
import { resourceResultSchema } from "@/lib/agent-protocol/messages";
import {
  reportedMeshSchema,
  servedApisSchema,
  servicePortSchema,
  zoneCountSchema,
} from "@/lib/agent-protocol/snapshot";
import { siteWorkloadSchema } from "@/lib/agent-protocol/workload";
import { failoverSchema } from "@/lib/meshes/kit/fleet-input";
import { log } from "@/lib/infra/log";

// JSON columns are parsed on the way out with the schema that wrote them, never cast. A value
// that no longer parses (a row written by hand, a schema that tightened) is logged by column
// and read as the column's empty value, so one bad row never takes a page down.

export const portsColumn = z.array(servicePortSchema);
export const labelsColumn = labelMap;
export const clusterLabelsColumn = z.record(z.string(), z.string());
export const endpointsByZoneColumn = z.record(z.string(), zoneCountSchema);
export const accessColumn = z.array(z.string()).nullable();
export const tiersColumn = failoverSchema.shape.tiers;
/** Service.workloads: a site's hosts (null for a Kubernetes Service). */
export const workloadsColumn = z.array(siteWorkloadSchema);
export const resultsColumn = z.array(resourceResultSchema);
/** Mesh.details: the optional fields of ReportedMesh. */
export const meshDetailsColumn = reportedMeshSchema
  .pick({
    clusterId: true,
    network: true,
    dnsProxy: true,
    dataplaneMode: true,
    trust: true,
    serviceScopeConfigs: true,
  })
  .strict();
/** Cluster.servedApis: what the agent last reported (null = never). */
export const servedApisColumn = servedApisSchema.nullable();
export type MeshDetails = z.infer<typeof meshDetailsColumn>;

/** A Mesh row's details split from a reported mesh, for writing. */
export function meshDetails(m: MeshDetails): MeshDetails {
  return {
    ...(m.clusterId !== undefined ? { clusterId: m.clusterId } : {}),
    ...(m.network !== undefined ? { network: m.network } : {}),
    ...(m.dnsProxy !== undefined ? { dnsProxy: m.dnsProxy } : {}),
    ...(m.dataplaneMode !== undefined ? { dataplaneMode: m.dataplaneMode } : {}),
    ...(m.trust !== undefined ? { trust: m.trust } : {}),
    ...(m.serviceScopeConfigs !== undefined ? { serviceScopeConfigs: m.serviceScopeConfigs } : {}),
  };
}

/** Parse a JSON column with its schema; `empty` (logged) when the stored value does not fit. */
export function readColumn<S extends z.ZodTypeAny>(
  schema: S,
  value: unknown,
  column: string,
  empty: z.output<S>,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.output<S>;
  log.warn("stored JSON column does not match its schema; read as empty", { column });
  return empty;
}
