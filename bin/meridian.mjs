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
  { stdio: "inherit" },
);
process.exit(run.status ?? 1);
