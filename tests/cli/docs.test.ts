// docs/cli.md is the CLI's own help, every command of it: regenerate with `npm run docs:cli`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliReference } from "@/cli/reference";
import { allCommands, buildProgram, commandPath } from "@/cli/program";

describe("docs/cli.md", () => {
  const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/cli.md"), "utf8");

  it("is exactly what the help prints (npm run docs:cli)", () => {
    expect(doc).toBe(cliReference());
  });

  it("has a section for every command", () => {
    const program = buildProgram({ env: {}, fetch, out: () => undefined, err: () => undefined });
    const names = allCommands(program).map(commandPath);
    expect(names).toEqual(
      expect.arrayContaining([
        "meridian clusters add",
        "meridian change-sets watch",
        "meridian intent set",
        "meridian users set-role",
        "meridian compile",
      ]),
    );
    for (const name of names) expect(doc).toContain(`\n## ${name}\n`);
  });
});
