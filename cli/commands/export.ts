// meridian export: every cluster's desired state (or the named ones') as a GitOps tree.
import type { Command } from "commander";
import { clusterStateSchema } from "../../lib/model/agents";
import { clusterSummarySchema, listOf } from "../../lib/model/inventory";
import { apiPath, CliError } from "../client";
import type { Run } from "../context";
import { writeClusterTree, type ExportedCluster } from "../export";
import { render, table } from "../output";

export function registerExportCommand(program: Command, run: Run): void {
  program
    .command("export")
    .description(
      "write the desired state as a GitOps tree: dir/<cluster>/<resource>.yaml and a kustomization.yaml per cluster, byte for byte what the agent applies",
    )
    .requiredOption("--dir <dir>", "the directory to write (created if missing)")
    .option("--cluster <name...>", "only these clusters (default: every cluster)")
    .action(
      run(async (ctx, opts: { dir: string; cluster?: string[] }) => {
        const names =
          opts.cluster ??
          (await ctx.api.call(listOf(clusterSummarySchema), "GET", "/api/v1/clusters")).items.map(
            (c) => c.name,
          );
        const written: ExportedCluster[] = [];
        for (const cluster of names) {
          const state = await ctx.api.call(
            clusterStateSchema,
            "GET",
            apiPath("/api/v1/clusters", cluster, "desired"),
          );
          try {
            writeClusterTree(opts.dir, cluster, state.desired.resources);
          } catch (error) {
            throw new CliError(`cannot write ${opts.dir}: ${(error as Error).message}`);
          }
          written.push({
            cluster,
            generation: state.desired.generation,
            resources: state.desired.resources.length,
          });
        }
        ctx.print(
          render(ctx.format, written, () =>
            table(
              ["cluster", "generation", "resources"],
              written.map((w) => [w.cluster, w.generation, w.resources]),
            ),
          ),
        );
      }),
    );
}
