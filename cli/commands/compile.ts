// meridian compile: offline, a fleet file plus its intent into one YAML file per cluster.
import type { Command } from "commander";
import { compileToDirectory } from "../compile";
import { CliError } from "../client";
import { render } from "../output";
import type { Run } from "../context";

export function registerCompileCommand(program: Command, run: Run): void {
  program
    .command("compile")
    .description("offline: compile a fleet file and its intent: section into dir/<cluster>.yaml")
    .requiredOption(
      "--fleet <file>",
      "the fleet file (inventory as the agents report it, plus intent)",
    )
    .requiredOption("--out <dir>", "where to write one YAML file per cluster")
    .action(
      run(async (ctx, opts: { fleet: string; out: string }) => {
        let result: ReturnType<typeof compileToDirectory>;
        try {
          result = compileToDirectory(opts.fleet, opts.out);
        } catch (error) {
          throw new CliError((error as Error).message);
        }
        ctx.print(
          render(ctx.format, result, () =>
            [
              ...result.clusters.map((c) => `${c.cluster}\t${c.resources} resources\t${c.file}`),
              ...result.warnings.map(
                (w) => `warning: ${w.cluster ? `${w.cluster}: ` : ""}${w.message}`,
              ),
            ].join("\n"),
          ),
        );
      }),
    );
}
