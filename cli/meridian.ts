// meridian — the command line for Meridian (see docs/cli.md, generated from the help below):
// `compile` works offline; every other command talks to the REST API with an API token.
import { runCli } from "./program";

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  fetch,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
