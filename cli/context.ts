// What every command's action runs with, apart from the command tree (cli/program.ts), so the
// command groups (cli/commands/*) import it without importing the program that registers them.
import type { ApiClient, CliIo } from "./client";
import type { OutputFormat } from "./output";

/** What every command's action gets: the API client, the output form and the streams. */
export type CommandContext = {
  api: ApiClient;
  format: OutputFormat;
  io: CliIo;
  /** Write `text` and a newline to standard output. */
  print: (text: string) => void;
};

export type Run = <A extends unknown[]>(
  action: (ctx: CommandContext, ...args: A) => Promise<void>,
) => (...args: A) => Promise<void>;
