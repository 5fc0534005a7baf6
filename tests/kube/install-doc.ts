/**
 * docs/install.md as the kube suite runs it: its fenced blocks, and each shell command's argv
 * exactly as bash expands it (quotes, line continuations, `$(openssl rand …)`), recorded by
 * shell functions named like the tools instead of running kubectl, helm or pg_dump.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { REPO_ROOT } from "./harness";

export const INSTALL_DOC = path.join(REPO_ROOT, "docs", "install.md");

/** The tools a command on the page may start with (anything else fails the test). */
export const DOC_TOOLS = ["kubectl", "helm", "pg_dump", "pg_restore"] as const;
export type DocTool = (typeof DOC_TOOLS)[number];

export interface DocBlock {
  lang: string;
  body: string;
  /** The heading the block is under. */
  section: string;
}

/** Every fenced block of the page, in order. */
export function docBlocks(file = INSTALL_DOC): DocBlock[] {
  const blocks: DocBlock[] = [];
  let section = "";
  let open: { lang: string; lines: string[] } | null = null;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (open) {
      if (line.startsWith("```")) {
        blocks.push({ lang: open.lang, body: open.lines.join("\n") + "\n", section });
        open = null;
      } else open.lines.push(line);
    } else if (line.startsWith("```")) open = { lang: line.slice(3).trim(), lines: [] };
    else if (line.startsWith("#")) section = line.replace(/^#+\s*/, "");
  }
  if (open) throw new Error(`${file}: a fenced block is not closed`);
  return blocks;
}

/** A shell block's commands as written (continuation lines joined). */
export function commandLines(body: string): string[] {
  return body
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
}

export interface DocCommand {
  /** The line as the page has it. */
  text: string;
  tool: DocTool;
  /** Arguments after the tool's name, as bash expanded them. */
  args: string[];
}

/**
 * The commands of a shell block, expanded by bash in `cwd` with `env`: each tool is a shell
 * function that records its arguments, so nothing reaches a real cluster or database here.
 */
export function expandCommands(body: string, cwd: string, env: Record<string, string> = {}) {
  const lines = commandLines(body);
  for (const line of lines) {
    const tool = line.split(/\s+/)[0];
    if (!DOC_TOOLS.includes(tool as DocTool))
      throw new Error(`docs/install.md runs \`${tool}\`, which CI cannot check: ${line}`);
  }
  const recorder = DOC_TOOLS.map(
    (t) => `${t}() { printf '%s\\0' "--tool=${t}" "$@"; printf '\\n'; }`,
  ).join("\n");
  const result = spawnSync("bash", ["-euo", "pipefail", "-c", `${recorder}\n${body}`], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`bash could not run docs/install.md's block: ${result.stderr}\n${body}`);
  const recorded = result.stdout.split("\0\n").filter(Boolean);
  if (recorded.length !== lines.length)
    throw new Error(`expected ${lines.length} commands, bash ran ${recorded.length}:\n${body}`);
  return recorded.map((r, i): DocCommand => {
    const [first, ...args] = r.split("\0");
    return { text: lines[i]!, tool: first!.replace("--tool=", "") as DocTool, args };
  });
}

/** Reads `--name value` / `--name=value` options; what is left are the positional arguments. */
export function parseArgs(args: string[], flags: string[] = []) {
  const options = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("--")) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    const value = eq > 0 ? a.slice(eq + 1) : flags.includes(name) ? "true" : args[++i];
    if (value === undefined) throw new Error(`option --${name} has no value`);
    options.set(name, [...(options.get(name) ?? []), value]);
  }
  return { options, positional };
}
