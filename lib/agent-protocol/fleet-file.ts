import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { z } from "zod";
import { dnsLabel, labelMap } from "./k8s-names";
import { clusterSnapshotSchema } from "./snapshot";

/**
 * A fleet file: clusters with their inventory. It drives the simulated-cluster agent (demo,
 * benchmarks), the demo seed and the offline CLI. The format is the agent's own snapshot
 * format plus each cluster's placement.
 */
export const fleetClusterSchema = z
  .object({
    name: dnsLabel("cluster name"),
    displayName: z.string().max(100).optional(),
    provider: z.string().max(100).default(""),
    region: dnsLabel("region"),
    zone: z.string().max(63).default(""),
    network: z.string().max(63).default(""),
    labels: labelMap.default({}),
  })
  // Duplicate checks of the snapshot schema run again wherever a cluster's inventory is applied.
  .extend(clusterSnapshotSchema.shape)
  .strict();
export type FleetCluster = z.infer<typeof fleetClusterSchema>;

export const fleetFileSchema = z
  .object({
    description: z.string().max(1000).optional(),
    clusters: z.array(fleetClusterSchema).min(1).max(5000),
  })
  .strict();
export type FleetFile = z.infer<typeof fleetFileSchema>;

/** The fleet file shipped with Meridian: Distributed Bookinfo. */
export const DEFAULT_FLEET_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../fleets/distributed-bookinfo.yaml",
);

/** Read and validate a fleet file (YAML or JSON); the error names the bad field. */
export function loadFleetFile(file: string = DEFAULT_FLEET_FILE): FleetFile {
  const parsed = fleetFileSchema.safeParse(parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid fleet file ${file}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}
