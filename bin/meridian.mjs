#!/usr/bin/env node
// `npx meridian …` / `npm run meridian -- …`: runs the TypeScript CLI (cli/meridian.ts) with tsx.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = createRequire(import.meta.url).resolve("tsx");
const run = spawnSync(
  process.execPath,
  ["--import", tsx, path.join(root, "cli", "meridian.ts"), ...process.argv.slice(2)],
  // The CLI parses answers with the API's own schemas (lib/model), which import through the
  // project's `@/` alias: tsx reads it from the project's tsconfig, wherever this runs from.
  {
    stdio: "inherit",
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json") },
  },
);
process.exit(run.status ?? 1);
