import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { parse } from "yaml";

/**
 * The agent's Helm chart (deploy/agent) as the packaged `.tgz` `helm package` would make: every
 * file under one `meridian-agent/` folder, gzipped. Meridian serves it (app/charts/[file]) so
 * the join dialog's command installs from Meridian itself, from any machine that reaches it.
 * The archive is reproducible (sorted entries, fixed times and owners): one version, one digest.
 */
export type ChartPackage = { name: string; version: string; fileName: string; bytes: Buffer };

/** Where the chart lives: the checkout's deploy/agent, traced into the standalone build. */
export const AGENT_CHART_DIR = path.join(process.cwd(), "deploy", "agent");

/** Chart-local files that are not the chart (CI's value sets), as a .helmignore would drop. */
const IGNORED = new Set(["ci"]);
/** A fixed modification time: the chart's bytes depend on its files only. */
const EPOCH = new Date("2000-01-01T00:00:00Z");

async function chartFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = path.posix.join(prefix, entry.name);
    if (!prefix && IGNORED.has(entry.name)) continue;
    if (entry.isDirectory()) files.push(...(await chartFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

async function tarball(root: string, files: string[], dir: string): Promise<Buffer> {
  const archive = pack();
  const chunks: Uint8Array[] = [];
  archive.on("data", (chunk) => {
    if (chunk instanceof Uint8Array) chunks.push(chunk);
  });
  const done = new Promise<void>((resolve, reject) => {
    archive.on("end", resolve);
    archive.on("error", reject);
  });
  for (const file of files) {
    const content = await readFile(path.join(dir, file));
    archive.entry(
      { name: `${root}/${file}`, mode: 0o644, mtime: EPOCH, uid: 0, gid: 0, uname: "", gname: "" },
      content,
    );
  }
  archive.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks), { level: 9 });
}

/** Package the chart in `dir` (default: the agent's). */
export async function packageChart(dir = AGENT_CHART_DIR): Promise<ChartPackage> {
  const chart = parse(await readFile(path.join(dir, "Chart.yaml"), "utf8")) as {
    name?: unknown;
    version?: unknown;
  };
  if (typeof chart.name !== "string" || typeof chart.version !== "string")
    throw new Error(`${dir}/Chart.yaml names no chart name and version`);
  const bytes = await tarball(chart.name, await chartFiles(dir), dir);
  const fileName = `${chart.name}-${chart.version}.tgz`;
  return { name: chart.name, version: chart.version, fileName, bytes };
}

let cached: Promise<ChartPackage> | undefined;

/** The agent chart's package, built once per process (its files do not change while it runs). */
export function agentChartPackage(): Promise<ChartPackage> {
  cached ??= packageChart().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
