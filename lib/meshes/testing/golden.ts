// Golden-file helper for the translator tests: `UPDATE_GOLDEN=1 npx vitest run lib/meshes` rewrites.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { stringify } from "yaml";
import { expect } from "vitest";

import type { FleetCompilation } from "../index";

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../__golden__");

/** Compares `text` with `__golden__/<name>`, or writes it when UPDATE_GOLDEN=1. */
export function expectGolden(name: string, text: string): void {
  const file = path.join(DIR, name);
  if (process.env["UPDATE_GOLDEN"] === "1") {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(file, text);
    return;
  }
  if (!existsSync(file)) throw new Error(`missing golden file ${file}; run with UPDATE_GOLDEN=1`);
  expect(text).toBe(readFileSync(file, "utf8"));
}

/** A fleet compilation as one multi-document YAML: per cluster its resources, then warnings. */
export function compilationYaml(result: FleetCompilation): string {
  const docs: string[] = [];
  for (const [cluster, { resources, warnings }] of Object.entries(result.clusters)) {
    docs.push(
      `# cluster ${cluster}: ${resources.length} resources\n` +
        stringify({ cluster, warnings }, { lineWidth: 0 }),
    );
    for (const r of resources) docs.push(`# cluster ${cluster}\n` + stringify(r, { lineWidth: 0 }));
  }
  return docs.join("---\n");
}
