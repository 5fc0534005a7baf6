// `meridian compile`: offline, from a fleet file (inventory as the agents would report it) plus
// an `intent:` section, write each cluster's desired resources as YAML for GitOps.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";
import { fleetFileSchema } from "../lib/agent-protocol/fleet-file";
import {
  compileFleet,
  fleetIntentSchema,
  inventoryFromFleetFile,
  validateIntent,
  type CompileWarning,
} from "../lib/meshes";

export type CompileResult = {
  clusters: { cluster: string; resources: number; file: string }[];
  warnings: CompileWarning[];
};

/** Compile `fleetPath` into `outDir/<cluster>.yaml`; throws with the offending field named. */
export function compileToDirectory(fleetPath: string, outDir: string): CompileResult {
  const raw = parse(readFileSync(fleetPath, "utf8")) as Record<string, unknown> | null;
  const { intent: rawIntent, ...rest } = raw ?? {};
  const fleet = fleetFileSchema.safeParse(rest);
  if (!fleet.success) {
    const issue = fleet.error.issues[0];
    throw new Error(`${fleetPath}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const intent = fleetIntentSchema.safeParse(rawIntent ?? { services: [] });
  if (!intent.success) {
    const issue = intent.error.issues[0];
    throw new Error(`${fleetPath}: intent.${issue?.path.join(".")}: ${issue?.message}`);
  }
  const inventory = inventoryFromFleetFile(fleet.data);
  const errors = validateIntent(intent.data, inventory);
  if (errors.length)
    throw new Error(errors.map((e) => `intent.${e.path.join(".")}: ${e.message}`).join("\n"));
  const compiled = compileFleet(intent.data, inventory);
  mkdirSync(outDir, { recursive: true });
  const clusters = Object.entries(compiled.clusters).map(([cluster, c]) => {
    const file = path.join(outDir, `${cluster}.yaml`);
    const docs = c.resources.map((r) => stringify(r, { sortMapEntries: true, lineWidth: 0 }));
    writeFileSync(file, docs.length ? docs.join("---\n") : "# nothing shared with this cluster\n");
    return { cluster, resources: c.resources.length, file };
  });
  return { clusters, warnings: compiled.warnings };
}
