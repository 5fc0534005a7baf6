// The `meridian` command tree (commander): global options, the command groups, and the exit
// codes of kubectl and argocd (0 success, 1 a failed call, 2 a usage error). `runCli` takes its
// environment, fetch and output streams as arguments, so the tests drive it in-process.
import { Command, CommanderError, Option } from "commander";
import { apiClient, CliError, type CliIo } from "./client";
import type { CommandContext } from "./context";
import { outputFormat, OUTPUT_FORMATS } from "./output";
import { registerAdminCommands } from "./commands/admin";
import { registerChangeCommands } from "./commands/changes";
import { registerInventoryCommands } from "./commands/inventory";
import { registerCompileCommand } from "./commands/compile";
import { registerExportCommand } from "./commands/export";

export function buildProgram(io: CliIo): Command {
  const program = new Command("meridian")
    .description(
      "Meridian's command line: the fleet's clusters, services, sharing intent and changes over the REST API.\n" +
        "Environment: MERIDIAN_SERVER (or --server), MERIDIAN_TOKEN (an API token, mrd_pat_…).",
    )
    .addOption(new Option("--server <url>", "Meridian's URL (default: $MERIDIAN_SERVER)"))
    .addOption(
      new Option("-o, --output <format>", "output format").choices(OUTPUT_FORMATS).default("table"),
    )
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  /** Wraps an action: parses the global options and builds the context it runs with. */
  const run =
    <A extends unknown[]>(action: (ctx: CommandContext, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      const cmd = args[args.length - 1] as Command;
      const globals = cmd.optsWithGlobals<{ server?: string; output?: string }>();
      await action(
        {
          api: apiClient(io, globals.server),
          format: outputFormat(globals.output),
          io,
          print: (text) => io.out(`${text}\n`),
        },
        ...args,
      );
    };

  registerInventoryCommands(program, run);
  registerChangeCommands(program, run);
  registerAdminCommands(program, run);
  registerCompileCommand(program, run);
  registerExportCommand(program, run);

  // Every command, at every depth, writes through `io` and throws instead of exiting.
  // Help is wrapped at 100 columns wherever it runs, so docs/cli.md is the same on every machine.
  const configure = (cmd: Command) => {
    cmd
      .exitOverride()
      .showHelpAfterError(`(run ${commandPath(cmd)} --help for usage)`)
      .configureHelp({ helpWidth: 100 })
      .configureOutput({ writeOut: io.out, writeErr: io.err });
    cmd.commands.forEach(configure);
  };
  configure(program);
  return program;
}

/** `meridian clusters add` for the command `add` under `clusters`. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** Every command of the tree, depth first, the root first. */
export function allCommands(cmd: Command): Command[] {
  return [cmd, ...cmd.commands.flatMap(allCommands)];
}

/** Runs `meridian <argv>` and answers its exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  if (argv.length === 0) {
    io.out(program.helpInformation());
    return 0;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; a missing subcommand prints help (exit 2, as kubectl).
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return 0;
      return 2;
    }
    if (error instanceof CliError) {
      io.err(`meridian: ${error.message}\n`);
      return error.exitCode;
    }
    io.err(`meridian: ${(error as Error).message}\n`);
    return 1;
  }
}
