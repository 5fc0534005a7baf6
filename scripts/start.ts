// Start Meridian: the embedded database when DATABASE_URL is unset, migrations, the first
// admin, the demo fleet with --demo, then the Next.js server. Ctrl-C stops everything.
//   npm start            production app (DATABASE_URL or embedded database in .meridian/data)
//   npm run demo         the same on a separate embedded database seeded with Distributed Bookinfo
// In the runtime tree (the image; scripts/ci/build-runtime-tree.sh) this file is bundled into
// scripts/dist/start.mjs and runs Next's standalone server.js instead of `next start`; there
// DATABASE_URL and NEXTAUTH_SECRET are required (no embedded database, a read-only tree) and
// MERIDIAN_MODE=demo stands for --demo.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIsStale } from "./lib/build";
import { setupDemoMetrics } from "./lib/demo-metrics";
import type { EmbeddedPostgres } from "./lib/embedded-postgres";
import { applyMigrations } from "./lib/migrate";
import { run, stopChild, waitFor } from "./lib/processes";
import { ROOT } from "./lib/root";
import { generatePassword, persistentSecret } from "./lib/secrets";

const require = createRequire(import.meta.url);
/** Next's self-contained server, present only in the runtime tree. */
const STANDALONE_SERVER = path.join(ROOT, "server.js");
const { values: args } = parseArgs({
  options: {
    demo: { type: "boolean", default: process.env.MERIDIAN_MODE === "demo" },
    reset: { type: "boolean", default: false },
    port: { type: "string", default: process.env.PORT ?? "3000" },
    // The agent API's own node:http listener (instrumentation.ts); default: the next port.
    "agent-port": { type: "string", default: process.env.MERIDIAN_AGENT_PORT },
    "no-build": { type: "boolean", default: false },
    // The demo traffic's control listener (failure switch, bypassing flow); default: port + 2.
    "traffic-port": { type: "string", default: process.env.MERIDIAN_DEMO_TRAFFIC_PORT },
  },
});

const say = (msg: string) => console.log(`meridian: ${msg}`);

async function main(): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  const stateDir = path.resolve(process.env.MERIDIAN_DATA_DIR ?? path.join(ROOT, ".meridian"));
  let embedded: EmbeddedPostgres | undefined;
  const standalone = existsSync(STANDALONE_SERVER);
  if (!process.env.DATABASE_URL) {
    if (standalone) throw new Error("set DATABASE_URL: the runtime image has no embedded database");
    const { startEmbeddedPostgres } = await import("./lib/embedded-postgres");
    const dataDir = path.join(stateDir, args.demo ? "demo-db" : "db");
    if (args.reset) rmSync(dataDir, { recursive: true, force: true });
    say(
      `no DATABASE_URL: starting the embedded database in ${path.relative(process.cwd(), dataDir) || dataDir}`,
    );
    embedded = await startEmbeddedPostgres(dataDir);
    process.env.DATABASE_URL = embedded.url;
    process.env.MERIDIAN_DB_POOL_MAX = "1";
  }
  if (standalone && !process.env.NEXTAUTH_SECRET) {
    // The image's tree is read-only: there is nowhere to keep a generated secret.
    throw new Error("set NEXTAUTH_SECRET, e.g. NEXTAUTH_SECRET=$(openssl rand -base64 32)");
  }
  process.env.NEXTAUTH_SECRET ??= persistentSecret(path.join(stateDir, "nextauth-secret"));
  process.env.NEXTAUTH_URL ??= `http://localhost:${args.port}`;
  const agentPort = args["agent-port"] ?? String(Number(args.port) + 1);
  process.env.MERIDIAN_AGENT_PORT = agentPort;

  say("applying database migrations");
  await applyMigrations(process.env.DATABASE_URL, { say });

  const { bootstrap } = await import("./lib/bootstrap");
  const { joinTokens, siteJoinToken, traffic } = await bootstrap({
    demo: args.demo,
    generatePassword,
    say,
  });
  const demoMetrics = traffic
    ? await setupDemoMetrics({
        stateDir,
        say,
        traffic: {
          intents: traffic.intents,
          reader: { appUrl: `http://127.0.0.1:${args.port}`, token: traffic.token },
          controlPort: Number(args["traffic-port"] ?? Number(args.port) + 2),
        },
      })
    : undefined;

  if (!standalone && !args["no-build"] && buildIsStale(ROOT)) {
    say("building the app (first run or sources changed; about a minute)");
    await run(process.execPath, [require.resolve("next/dist/bin/next"), "build"], { cwd: ROOT });
  }

  // Keep-alive longer than clients' and load balancers' idle timeouts, so a reused connection
  // is never closed under a request in flight (ECONNRESET on the agent's status POST after a
  // quiet spell, seen in e2e with Node's 5 s default).
  const keepAliveMs = "65000";
  const next = standalone
    ? spawn(process.execPath, [STANDALONE_SERVER], {
        cwd: ROOT,
        stdio: "inherit",
        env: {
          ...process.env,
          PORT: args.port,
          HOSTNAME: "0.0.0.0",
          KEEP_ALIVE_TIMEOUT: keepAliveMs,
        },
      })
    : spawn(
        process.execPath,
        [
          require.resolve("next/dist/bin/next"),
          "start",
          "-p",
          args.port,
          "-H",
          "0.0.0.0",
          "--keepAliveTimeout",
          keepAliveMs,
        ],
        { cwd: ROOT, stdio: "inherit", env: process.env },
      );
  say(
    `Meridian is starting on http://localhost:${args.port} (agent API also on port ${agentPort})`,
  );
  const fleet = args.demo
    ? await startDemoAgents(
        `http://127.0.0.1:${args.port}`,
        `http://127.0.0.1:${agentPort}`,
        joinTokens,
        siteJoinToken,
      )
    : undefined;
  const shutdown = async () => {
    await fleet?.stop();
    await demoMetrics?.stop();
    await stopChild(next);
    await embedded?.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  next.on("exit", async (code) => {
    await demoMetrics?.stop();
    await embedded?.stop();
    process.exit(code ?? 0);
  });
}

/** The demo's clusters are served by simulated-cluster agents speaking the real protocol. */
async function startDemoAgents(
  appUrl: string,
  url: string,
  joinTokens: Record<string, string>,
  siteJoinToken: string | undefined,
) {
  await waitFor("the app", async () => (await fetch(`${appUrl}/api/healthz`)).ok, 120_000);
  const { startSimulatedAgents } = await import("../agent/src/simulated/fleet-runner");
  const { createLog } = await import("../agent/src/log");
  const fleet = await startSimulatedAgents({
    url,
    joinTokens,
    log: createLog({ component: "demo-agent" }),
  });
  // The VM site's agent runs in static mode on its site file, as on a real VM.
  const { startStaticSite } = await import("../agent/src/static/site-runner");
  const { DEMO_SITE, DEMO_SITE_FILE } = await import("../lib/demo/bookinfo-fleet");
  const site = siteJoinToken
    ? await startStaticSite({
        url,
        joinToken: siteJoinToken,
        file: DEMO_SITE_FILE,
        name: DEMO_SITE.name,
        log: createLog({ component: "demo-site-agent" }),
      })
    : undefined;
  say(
    `demo fleet ready: Distributed Bookinfo on ${fleet.agents.length} simulated clusters, each with its agent${site ? `, and the VM site ${DEMO_SITE.name} (static mode)` : ""}`,
  );
  return {
    stop: async () => {
      await site?.stop();
      await fleet.stop();
    },
  };
}

main().catch((error: unknown) => {
  console.error(`meridian: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
