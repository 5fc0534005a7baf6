import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { stopChild, waitFor } from "../../scripts/lib/processes";
import { nextDistDir } from "../../scripts/lib/build";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "../..");

export type AppProcess = {
  url: string;
  /** Where agents connect: the agent listener when started with `agentPort`, else `url`. */
  agentUrl: string;
  child: ChildProcess;
  stop: () => Promise<void>;
};

/**
 * Start the built app (`next start`) against a database; needs `npm run build` first.
 * `agentPort` also serves the agent API from the plain node:http listener (MERIDIAN_AGENT_PORT).
 */
export async function startApp(
  databaseUrl: string,
  port: number,
  poolMax = 20,
  agentPort?: number,
): Promise<AppProcess> {
  if (!existsSync(path.join(ROOT, nextDistDir(), "BUILD_ID")))
    throw new Error("Build the app first: npm run build");
  // BENCH_APP_PROFILE_DIR=dir: the app writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_APP_PROFILE_DIR;
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
      require.resolve("next/dist/bin/next"),
      "start",
      "-p",
      String(port),
      "-H",
      "127.0.0.1",
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        MERIDIAN_DB_POOL_MAX: String(poolMax),
        NEXTAUTH_SECRET: "bench-secret-0123456789abcdef",
        NEXT_TELEMETRY_DISABLED: "1",
        // The simulated clusters all register from loopback; real ones each from their own
        // egress address (the per-address limit would hold a fleet's rollout to 30 a minute).
        MERIDIAN_REGISTER_PER_MINUTE: process.env.MERIDIAN_REGISTER_PER_MINUTE ?? "100000",
        ...(agentPort
          ? { MERIDIAN_AGENT_PORT: String(agentPort), MERIDIAN_AGENT_HOST: "127.0.0.1" }
          : {}),
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor("the app", async () => (await fetch(`${url}/api/healthz`)).ok, 60_000);
  const agentUrl = agentPort ? `http://127.0.0.1:${agentPort}` : url;
  if (agentPort) {
    // 401 (no credential) proves the listener answers, before any database work.
    await waitFor(
      "the agent listener",
      async () => {
        return (await fetch(`${agentUrl}/api/agent/v1/desired`)).status === 401;
      },
      10_000,
    );
  }
  return { url, agentUrl, child, stop: () => stopChild(child) };
}

/** Resident memory of a process and its descendants, in bytes (Linux /proc). */
export function treeRssBytes(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      total +=
        Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      continue;
    }
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}
