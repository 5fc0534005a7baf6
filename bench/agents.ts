// Benchmark: the agent protocol at fleet scale, against the built app on real Postgres.
//   npm run build && BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55432/postgres \
//     node --conditions=react-server --import tsx bench/agents.ts [--clusters 100 --services 1000
//     --rounds 20 --memory-clusters 500 --memory-services 50 --replicas 1]
// Prints one JSON document. Phases: (1) apply latency of an intent change across all agents,
// with the floor measured in the same run; (2) app memory per connected cluster; (3) resync
// time of every agent after an app restart. `--replicas 2` runs phase (1) on two app processes
// on the one database, the agents spread over them (agent i starts on replica i mod 2, the
// other as its failover URL), and reports the latency per replica too.
// `--large-fleet` (issue 23: --clusters 2000 --services 100 --replicas 2) runs the agents in
// worker processes (`--agents-per-process`, 250) and measures the storm, memory, a 10-cluster
// and a fleet-wide change each beside its floor, and the resync: bench/lib/large-fleet.ts.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { keepAliveFetch } from "../agent/src/http-transport";
import { MeridianClient } from "../agent/src/meridian-client";
import { startSimulatedAgents } from "../agent/src/simulated/fleet-runner";
import { migrateDeploy } from "../scripts/lib/migrate";
import { freePort, waitFor } from "../scripts/lib/processes";
import { startApp, treeRssBytes, type AppProcess } from "./lib/app-process";
import { notifyFloorMs } from "./lib/notify-floor";
import { percentile, syntheticFleet } from "./lib/synthetic-fleet";

const { values } = parseArgs({
  options: {
    clusters: { type: "string", default: "100" },
    services: { type: "string", default: "1000" },
    rounds: { type: "string", default: "20" },
    // Rounds run first and not sampled: the app's and agents' code paths JIT-compiled, as in a
    // server that has been up for a while (their slowest samples are reported separately).
    warmup: { type: "string", default: "3" },
    "memory-clusters": { type: "string", default: "500" },
    "memory-services": { type: "string", default: "50" },
    // Agents talk to the plain node:http agent listener (MERIDIAN_AGENT_PORT) instead of Next.
    "agent-listener": { type: "boolean", default: false },
    // Agents long-poll for desired state instead of following the event stream.
    "long-poll": { type: "boolean", default: false },
    // App processes on the one database; the agents are spread over them.
    replicas: { type: "string", default: "1" },
    // Issue 23's scenarios with the agents in worker processes (bench/lib/large-fleet.ts);
    // always through the agent listener.
    "large-fleet": { type: "boolean", default: false },
    "agents-per-process": { type: "string", default: "250" },
    // Resync: how long to wait for a restarted replica's agents to come back to it.
    "back-seconds": { type: "string", default: "660" },
  },
});
const N = Number(values.clusters);
const S = Number(values.services);
const ROUNDS = Number(values.rounds);
const WARMUP = Number(values.warmup);
const MEM_N = Number(values["memory-clusters"]);
const MEM_S = Number(values["memory-services"]);
const LARGE = values["large-fleet"];
const LISTENER = values["agent-listener"] || LARGE;
const LONG_POLL = values["long-poll"];
const REPLICAS = Number(values.replicas);
const startBenchApp = async () =>
  startApp(dbUrl, await freePort(), 20, LISTENER ? await freePort() : undefined);

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    "bench: set BENCH_DATABASE_URL to a local Postgres server (scripts/ci/start-postgres.sh starts one)",
  );
  process.exit(1);
}
const log = (msg: string) =>
  console.error(`bench ${new Date().toISOString().slice(11, 19)}: ${msg}`);
const ms = (v: number) => Math.round(v * 100) / 100;

async function freshDatabase(): Promise<string> {
  const name = `meridian_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  await migrateDeploy(url.toString());
  return url.toString();
}

const dbUrl = await freshDatabase();
process.env.DATABASE_URL = dbUrl;
process.env.MERIDIAN_DB_POOL_MAX = "10";
const { db } = await import("../lib/store/client");
const { createCluster, updateCluster } = await import("../lib/services/inventory/clusters");
const { createJoinToken } = await import("../lib/services/agents/access");
const { writeDesiredStates } = await import("../lib/store/desired-state");
const SYSTEM = { type: "system", label: "bench" } as const;

async function registerFleet(
  fleet: ReturnType<typeof syntheticFleet>,
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const c of fleet) {
    const created = await createCluster({ name: c.name, region: c.region }, SYSTEM, {
      simulated: true,
    });
    await updateCluster(c.name, { version: created.version, state: "live" }, SYSTEM);
    tokens[c.name] = (await createJoinToken(c.name, SYSTEM)).token;
  }
  return tokens;
}

/** The desired set of a round: one ConfigMap whose content names the round. */
const benchConfigMap = (round: number) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: {
    name: "bench",
    namespace: "default",
    labels: { "app.kubernetes.io/managed-by": "meridian" },
  },
  data: { round: String(round) },
});

const FLOOR_URL = (app: AppProcess) =>
  LISTENER ? `${app.agentUrl}/api/agent/v1/desired` : `${app.url}/api/healthz`;

const until = (check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) =>
  waitFor(what, check, timeoutMs, 50);

/**
 * Floor: one commit + NOTIFY heard by a listener, and two rounds of N concurrent HTTP answers
 * (`/api/healthz` from Next; from the agent listener, an agent route refused before any
 * database work — the listener serves nothing else), asked with the agents' own HTTP client.
 */
async function measureFloor(
  apps: AppProcess[],
): Promise<{ notifyMs: number; httpRoundMs: number; floorMs: number }> {
  const http: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await Promise.all(
      // Spread over the replicas as the agents are.
      Array.from({ length: N }, (_, i) =>
        keepAliveFetch(new URL(FLOOR_URL(apps[i % apps.length]!)), {
          headers: new Headers(),
          signal: AbortSignal.timeout(30_000),
        }),
      ),
    );
    http.push(performance.now() - t0);
  }
  const notifyMs = await notifyFloorMs(dbUrl);
  const httpRoundMs = percentile(http, 50);
  return {
    notifyMs: ms(notifyMs),
    httpRoundMs: ms(httpRoundMs),
    floorMs: ms(notifyMs + 2 * httpRoundMs),
  };
}

// Where a sample's time goes, measured in the agents (this process): the desired state arrives
// (the long-poll answer or the stream's event), the set is applied (the acknowledgement is
// sent), the acknowledgement is answered. Milliseconds from the round's start, for the round's
// target generation only.
const phases = { answered: [] as number[], applied: [] as number[], acknowledged: [] as number[] };
function timePhases(round: () => { t0: number; target: number }) {
  const proto = MeridianClient.prototype;
  const status = proto.status;
  proto.status = async function (this: MeridianClient, ...args: Parameters<typeof status>) {
    const { t0, target } = round();
    const mine = args[0].generation === target && t0 > 0;
    if (mine) phases.applied.push(performance.now() - t0);
    await status.apply(this, args);
    if (mine) phases.acknowledged.push(performance.now() - t0);
  };
  return (generation: number) => {
    const { t0, target } = round();
    if (generation === target && t0) phases.answered.push(performance.now() - t0);
  };
}

async function latencyPhase() {
  const apps: AppProcess[] = [];
  for (let r = 0; r < REPLICAS; r++) apps.push(await startBenchApp());
  const fleet = syntheticFleet(N, S);
  const tokens = await registerFleet(fleet);
  // The replica each cluster's agent starts on (startSimulatedAgents: agent i on URL i mod n).
  const replicaOf = new Map(Object.keys(tokens).map((c, i) => [c, i % REPLICAS]));
  const applied = new Map<string, number>();
  let target = 0;
  let t0 = 0;
  const samples: number[] = [];
  const samplesBy = apps.map(() => [] as number[]);
  const answered = timePhases(() => ({ t0, target }));
  const agents = await startSimulatedAgents({
    url: apps.map((a) => a.agentUrl),
    joinTokens: tokens,
    fleet,
    longPollSeconds: 55,
    longPoll: LONG_POLL,
    onDesired: (_cluster, generation) => answered(generation),
    onApplied: (cluster, generation) => {
      applied.set(cluster, generation);
      if (generation === target && t0) {
        samples.push(performance.now() - t0);
        if (target > WARMUP) samplesBy[replicaOf.get(cluster)!]!.push(performance.now() - t0);
      }
    },
  });
  const snapshotMs = await until(
    async () => (await db().service.count()) === N * S,
    600_000,
    "initial snapshots",
  );
  log(`${N} agents connected, ${N * S} services stored in ${Math.round(snapshotMs)} ms`);
  // For CPU profiles (BENCH_APP_PROFILE_DIR, --cpu-prof): the rounds' window on the monotonic
  // clock that V8's profiles use, in microseconds.
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  const roundsFromUs = monotonicUs();
  for (let round = 1; round <= WARMUP + ROUNDS; round++) {
    target = round;
    samples.length = 0;
    const resources = [benchConfigMap(round)];
    t0 = performance.now();
    await db().$transaction((tx) =>
      writeDesiredStates(
        tx,
        fleet.map((c) => ({ clusterName: c.name, resources })),
      ),
    );
    const committedMs = performance.now() - t0;
    await until(() => samples.length === N, 30_000, `round ${round} acknowledgements`);
    if (round <= WARMUP) {
      warmupSlowestMs.push(ms(Math.max(...samples)));
      for (const list of Object.values(phases)) list.length = 0;
      continue;
    }
    commitMs.push(committedMs);
    roundSamples.push(...samples);
    roundSlowestMs.push(ms(Math.max(...samples)));
  }
  log(`rounds ran from ${roundsFromUs} to ${monotonicUs()} µs (monotonic clock)`);
  const floor = await measureFloor(apps);
  await agents.stop();
  for (const app of apps) await app.stop();
  const p50 = percentile(roundSamples, 50);
  const p99 = percentile(roundSamples, 99);
  return {
    transport: LISTENER ? "agent listener (node:http)" : "next start",
    replicas: REPLICAS,
    ...(REPLICAS > 1
      ? {
          byReplica: samplesBy.map((list, r) => ({
            replica: r,
            agents: [...replicaOf.values()].filter((x) => x === r).length,
            samples: list.length,
            p50Ms: ms(percentile(list, 50)),
            p99Ms: ms(percentile(list, 99)),
          })),
        }
      : {}),
    desiredState: LONG_POLL ? "long-poll" : "event stream",
    agents: N,
    servicesPerAgent: S,
    rounds: ROUNDS,
    warmupRounds: WARMUP,
    warmupSlowestMs,
    samples: roundSamples.length,
    roundSlowestMs,
    p50Ms: ms(p50),
    p99Ms: ms(p99),
    ...floor,
    commitP50Ms: ms(percentile(commitMs, 50)),
    phasesP50Ms: {
      answered: ms(percentile(phases.answered, 50)),
      applied: ms(percentile(phases.applied, 50)),
      acknowledged: ms(percentile(phases.acknowledged, 50)),
    },
    phasesP99Ms: {
      answered: ms(percentile(phases.answered, 99)),
      applied: ms(percentile(phases.applied, 99)),
      acknowledged: ms(percentile(phases.acknowledged, 99)),
    },
    ratioP50: ms(p50 / floor.floorMs),
    ratioP99: ms(p99 / floor.floorMs),
    snapshotMs: Math.round(snapshotMs),
  };
}
const roundSamples: number[] = [];
/** Per round: the last agent's sample (where the tail comes from). */
const roundSlowestMs: number[] = [];
const warmupSlowestMs: number[] = [];
/** Per round: the intent change's own transaction, until its commit returned. */
const commitMs: number[] = [];

async function memoryAndResyncPhase() {
  await db().$executeRawUnsafe(`TRUNCATE "Cluster" CASCADE`);
  await db().$executeRawUnsafe(`TRUNCATE "GlobalService" CASCADE`);
  const port = await freePort();
  let app = await startApp(dbUrl, port);
  await fetch(`${app.url}/api/healthz`);
  const baseline = treeRssBytes(app.child.pid!);
  const fleet = syntheticFleet(MEM_N, MEM_S);
  const tokens = await registerFleet(fleet);
  const agents = await startSimulatedAgents({
    url: app.url,
    joinTokens: tokens,
    fleet,
    longPollSeconds: 55,
  });
  await until(
    async () => (await db().service.count()) === MEM_N * MEM_S,
    600_000,
    "memory-phase snapshots",
  );
  await new Promise((r) => setTimeout(r, 3000));
  const loaded = treeRssBytes(app.child.pid!);
  const perClusterBytes = (loaded - baseline) / MEM_N;

  await app.stop();
  const restartAt = new Date();
  const t0 = performance.now();
  app = await startApp(dbUrl, port);
  const appReadyMs = performance.now() - t0;
  await until(
    async () =>
      (await db().agent.count({ where: { lastSnapshotAt: { gt: restartAt } } })) === MEM_N,
    180_000,
    "resync after restart",
  );
  const resyncMs = performance.now() - t0;
  await agents.stop();
  await app.stop();
  return {
    clusters: MEM_N,
    servicesPerCluster: MEM_S,
    baselineRssMb: ms(baseline / 2 ** 20),
    loadedRssMb: ms(loaded / 2 ** 20),
    perClusterMb: ms(perClusterBytes / 2 ** 20),
    appRestartReadyMs: Math.round(appReadyMs),
    resyncAllMs: Math.round(resyncMs),
  };
}

if (LARGE) {
  const { runLargeFleet } = await import("./lib/large-fleet");
  const apps: AppProcess[] = [];
  // Stopped or killed: stop the apps too (the agent workers follow their IPC channel).
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      for (const app of apps) app.child.kill("SIGTERM");
      process.exit(1);
    });
  for (let r = 0; r < REPLICAS; r++) apps.push(await startBenchApp());
  const portOf = (u: string) => Number(new URL(u).port);
  const result = await runLargeFleet({
    dbUrl,
    clusters: N,
    services: S,
    rounds: ROUNDS,
    warmup: WARMUP,
    perProcess: Number(values["agents-per-process"]),
    longPoll: LONG_POLL,
    backSeconds: Number(values["back-seconds"]),
    apps,
    restartApp: (i) => startApp(dbUrl, portOf(apps[i]!.url), 20, portOf(apps[i]!.agentUrl)),
    registerFleet: () => registerFleet(syntheticFleet(N, 0)),
    commitChange: async (clusters, round) => {
      const resources = [benchConfigMap(round)];
      const written = await db().$transaction((tx) =>
        writeDesiredStates(
          tx,
          clusters.map((clusterName) => ({ clusterName, resources })),
        ),
      );
      return new Map([...written].map(([c, w]) => [c, w.generation]));
    },
    servicesStored: () => db().service.count(),
    snapshotsSince: (since, clusters) =>
      db().agent.count({ where: { clusterName: { in: clusters }, lastSnapshotAt: { gt: since } } }),
    log,
    until,
  });
  for (const app of apps) await app.stop();
  console.log(
    JSON.stringify(
      {
        benchmark: "agents",
        date: new Date().toISOString(),
        cpus: (await import("node:os")).cpus().length,
        loadAverage: (await import("node:os")).loadavg(),
        largeFleet: result,
      },
      null,
      2,
    ),
  );
  await db().$disconnect();
  process.exit(0);
}

const latency = await latencyPhase();
log(`latency: p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms, floor ${latency.floorMs} ms`);
if (REPLICAS > 1 && MEM_N > 0)
  log("memory and resync phase: measured with one replica only; skipped");
const memory = MEM_N > 0 && REPLICAS === 1 ? await memoryAndResyncPhase() : null;
console.log(
  JSON.stringify(
    {
      benchmark: "agents",
      date: new Date().toISOString(),
      cpus: (await import("node:os")).cpus().length,
      latency,
      memory,
    },
    null,
    2,
  ),
);
await db().$disconnect();
process.exit(0);
