import { z } from "zod";

import { MESH_RULES } from "../../lib/meshes/detectors";
import type { DetectedMeshType } from "../../lib/meshes/kit/mesh-detector";

const MESH_TYPES = Object.keys(MESH_RULES) as DetectedMeshType[];

/**
 * MERIDIAN_MESHES: comma-separated meshes to look for (the Helm chart sets it to the meshes whose
 * marker objects it grants read access to). Unset = all; empty = none.
 */
const meshList = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined
      ? MESH_TYPES
      : v
          .split(",")
          .map((m) => m.trim())
          .filter(Boolean),
  )
  .pipe(
    z.array(
      z.enum(MESH_TYPES as [DetectedMeshType, ...DetectedMeshType[]], {
        error: `MERIDIAN_MESHES must list meshes among ${MESH_TYPES.join(", ")}`,
      }),
    ),
  );

/** The agent's configuration, from its environment (set by the Helm chart). */
export const agentConfigSchema = z.object({
  /**
   * Meridian's base URL, or several separated by commas (replicas or fronts on one database):
   * the agent uses the first and moves to the next when one cannot serve.
   */
  MERIDIAN_URL: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .url(
              "MERIDIAN_URL must be Meridian's base URL, or several separated by commas, e.g. https://meridian.example.com",
            ),
        )
        .min(1, "MERIDIAN_URL must name at least one URL"),
    ),
  MERIDIAN_JOIN_TOKEN: z.string().optional(),
  MERIDIAN_CREDENTIAL_FILE: z.string().default("/var/lib/meridian-agent/credential"),
  /** Keep the credential in this Secret of POD_NAMESPACE instead of a file (the Helm chart sets it). */
  MERIDIAN_CREDENTIAL_SECRET: z.string().optional(),
  POD_NAMESPACE: z.string().default("meridian-system"),
  /**
   * `kubernetes` (in-cluster or KUBECONFIG), `simulated` (in-memory cluster from a fleet file) or
   * `static` (a VM or bare-metal site described by MERIDIAN_SITE_FILE; no Kubernetes access).
   * Setting MERIDIAN_SITE_FILE alone selects `static`.
   */
  MERIDIAN_AGENT_MODE: z.enum(["kubernetes", "simulated", "static"]).optional(),
  MERIDIAN_FLEET_FILE: z.string().optional(),
  /** The site file a static-mode agent reports (docs/sites.md); re-read whenever it changes. */
  MERIDIAN_SITE_FILE: z.string().min(1).optional(),
  MERIDIAN_CLUSTER: z.string().optional(),
  MERIDIAN_AGENT_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  KUBECONFIG: z.string().optional(),
  MERIDIAN_MESHES: meshList,
  /** Seconds between drift checks of the objects Meridian applied (0 = no drift check). */
  MERIDIAN_DRIFT_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  HOSTNAME: z.string().default(""),
});
export type AgentConfig = z.infer<typeof agentConfigSchema> & {
  MERIDIAN_AGENT_MODE: "kubernetes" | "simulated" | "static";
};

export function loadAgentConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const parsed = agentConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  const mode =
    parsed.data.MERIDIAN_AGENT_MODE ?? (parsed.data.MERIDIAN_SITE_FILE ? "static" : "kubernetes");
  if (mode === "static" && !parsed.data.MERIDIAN_SITE_FILE)
    throw new Error("MERIDIAN_SITE_FILE: static mode needs the path of the site file");
  return { ...parsed.data, MERIDIAN_AGENT_MODE: mode };
}

export const AGENT_VERSION = "0.1.0";
