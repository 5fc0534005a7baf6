// bench/agents.ts --large-fleet (issue 23): the agents in worker processes of their own
// (bench/lib/agent-worker.ts), on `replicas` app processes, every scenario beside its floor
// measured in the same run:
//   storm      the cold snapshot storm: every agent registers and sends its first snapshot at
//              once; time until all services are stored, and every answer counted by status;
//   memory     hub RSS per connected cluster, summed over the replicas;
//   one        a one-service change touching 10 clusters (p50, p99);
//   fleet      a fleet-wide change touching all clusters (p50, p99, time to the last ack);
//   resync     one replica stops: its agents move to the other and re-send their inventory, a
//              fleet-wide change is acknowledged by all; it restarts: its agents come back
//              (when their streams on the other end — STREAM_MAX_SECONDS — or within the wait).
// A sample is commit → the agent applied the set and its acknowledgement was answered, on the
// monotonic clock shared by all processes of the machine.
import { performance } from "node:perf_hooks";
import type { AppProcess } from "./app-process";
import { treeRssBytes } from "./app-process";
import { AgentWorkers } from "./agent-workers";
import { notifyFloorMs } from "./notify-floor";
import { percentile } from "./synthetic-fleet";

export type LargeFleetOptions = {
  dbUrl: string;
  clusters: number;
  services: number;
  rounds: number;
  warmup: number;
  perProcess: number;
  longPoll: boolean;
  /** Seconds to wait for a restarted replica's agents to come back. */
  backSeconds: number;
  apps: AppProcess[];
  restartApp: (i: number) => Promise<AppProcess>;
  /** Register the fleet's clusters (bench-0000 …); answers their join tokens by name. */
  registerFleet: () => Promise<Record<string, string>>;
  /** Commit new desired sets for these clusters (one transaction); answers their generations. */
  commitChange: (clusters: string[], round: number) => Promise<Map<string, number>>;
  servicesStored: () => Promise<number>;
  snapshotsSince: (since: Date, clusters: string[]) => Promise<number>;
  log: (msg: string) => void;
  until: (
    check: () => Promise<boolean> | boolean,
    timeoutMs: number,
    what: string,
  ) => Promise<number>;
};

const ms = (v: number) => Math.round(v * 100) / 100;
const nowNs = () => process.hrtime.bigint();
const sleep = (msDelay: number) => new Promise((r) => setTimeout(r, msDelay));

export async function runLargeFleet(o: LargeFleetOptions) {
  const N = o.clusters;
  const R = o.apps.length;
  const names = Array.from({ length: N }, (_, c) => `bench-${String(c).padStart(4, "0")}`);
  const replicaOf = (c: number) => c % R;
  const floorUrl = (c: number) => `${o.apps[replicaOf(c)]!.agentUrl}/api/agent/v1/desired`;

  // What each round waits for: cluster → the generation its change committed.
  let target = new Map<string, number>();
  let t0 = 0n;
  // Every acknowledgement since the round's commit began (one may arrive before the commit's
  // answer names the generations): [cluster, generation, ms since t0].
  let heard: [string, number, number][] = [];
  const samplesOf = () =>
    heard.filter(([c, g]) => target.get(c) === g).map(([, , msSince]) => msSince);
  const workers = new AgentWorkers((cluster, generation, atNs) => {
    if (t0) heard.push([cluster, generation, Number(atNs - t0) / 1e6]);
  });

  const tokens = await o.registerFleet();
  o.log(`${N} clusters registered`);
  await sleep(1000);
  const baselineRss = o.apps.reduce((sum, a) => sum + treeRssBytes(a.child.pid!), 0);

  // The cold storm: every agent at once.
  const stormStart = performance.now();
  await workers.start({
    urls: o.apps.map((a) => a.agentUrl),
    services: o.services,
    longPoll: o.longPoll,
    clusters: names.map((name) => ({ name, token: tokens[name]! })),
    perProcess: o.perProcess,
  });
  const registeredMs = performance.now() - stormStart;
  await o.until(async () => (await o.servicesStored()) === N * o.services, 1_800_000, "the storm");
  const stormMs = performance.now() - stormStart;
  // …and until every agent has had its snapshot's answer (the last commits' answers may still
  // be on their way when the rows are counted).
  const snapshotsAnswered = async () =>
    Object.entries((await workers.counts())["report snapshot"] ?? {})
      .filter(([status]) => /^2\d\d$/.test(status))
      .reduce((sum, [, n]) => sum + n, 0);
  await o.until(async () => (await snapshotsAnswered()) >= N, 600_000, "the snapshots' answers");
  const stormAnsweredMs = performance.now() - stormStart;
  const stormAnswers = await workers.counts(true);
  o.log(
    `storm: ${N * o.services} services stored in ${Math.round(stormMs)} ms ` +
      `(registered after ${Math.round(registeredMs)} ms); answers ${JSON.stringify(stormAnswers)}`,
  );
  await sleep(3000);
  const loadedRss = o.apps.reduce((sum, a) => sum + treeRssBytes(a.child.pid!), 0);

  /** Rounds of a change to `clusters`; the first `warmup` not sampled. */
  async function rounds(
    clusters: string[],
    what: string,
    first: number,
    warmup = o.warmup,
    count = o.rounds,
  ) {
    const all: number[] = [];
    const lastAck: number[] = [];
    for (let r = 0; r < warmup + count; r++) {
      heard = [];
      target = new Map();
      t0 = nowNs();
      target = await o.commitChange(clusters, first + r);
      await o.until(() => samplesOf().length === clusters.length, 120_000, `${what} round ${r}`);
      const samples = samplesOf();
      if (r < warmup) continue;
      all.push(...samples);
      lastAck.push(Math.max(...samples));
    }
    t0 = 0n;
    return { all, lastAck };
  }
  async function floor(clusters: number[]) {
    const http: number[] = [];
    for (let i = 0; i < 10; i++) http.push(await workers.floorRound(clusters, floorUrl));
    const notifyMs = await notifyFloorMs(o.dbUrl);
    const httpRoundMs = percentile(http, 50);
    return {
      notifyMs: ms(notifyMs),
      httpRoundMs: ms(httpRoundMs),
      floorMs: ms(notifyMs + 2 * httpRoundMs),
    };
  }
  const summary = (s: { all: number[]; lastAck: number[] }, f: { floorMs: number }) => ({
    samples: s.all.length,
    p50Ms: ms(percentile(s.all, 50)),
    p99Ms: ms(percentile(s.all, 99)),
    lastAckMedianMs: ms(percentile(s.lastAck, 50)),
    lastAckMaxMs: ms(Math.max(...s.lastAck)),
    ...f,
    ratioP50: ms(percentile(s.all, 50) / f.floorMs),
    ratioP99: ms(percentile(s.all, 99) / f.floorMs),
  });

  // Ten clusters spread over the fleet (and so over the replicas and workers).
  const ten = Array.from({ length: Math.min(10, N) }, (_, i) =>
    Math.floor((i * N) / Math.min(10, N)),
  );
  let round = 1;
  const one = await rounds(
    ten.map((c) => names[c]!),
    "one-service",
    round,
  );
  round += o.warmup + o.rounds;
  const oneFloor = await floor(ten);
  const fleet = await rounds(names, "fleet-wide", round);
  round += o.warmup + o.rounds;
  o.log("one-service rounds done");
  const fleetFloor = await floor(names.map((_, c) => c));
  o.log(
    `one-service p50 ${ms(percentile(one.all, 50))} ms; fleet-wide p50 ${ms(percentile(fleet.all, 50))} ms`,
  );

  // Resync: the last replica stops; the agents on it (those that started there and did not
  // fail over during the storm, plus any that failed over to it) move to the others and send
  // their inventory again; then it restarts, and they come back when their streams end.
  let resync: Record<string, unknown> | null = null;
  if (R > 1) {
    const gone = R - 1;
    const goneUrl = o.apps[gone]!.agentUrl;
    const position = new Map(names.map((n, c) => [n, c]));
    const firstUrl = (cluster: string) => o.apps[replicaOf(position.get(cluster)!)]!.agentUrl;
    const moved = [...(await workers.agentUrls())].filter(([, u]) => u === goneUrl).map(([c]) => c);
    const stopAt = new Date();
    const t = performance.now();
    o.log(`resync: stopping replica ${gone} (${moved.length} agents on it)`);
    await o.apps[gone]!.stop();
    await o.until(
      async () => (await o.snapshotsSince(stopAt, moved)) === moved.length,
      600_000,
      "the moved agents' snapshots",
    );
    const movedMs = performance.now() - t;
    o.log(`resync: the moved agents' snapshots stored after ${Math.round(movedMs)} ms`);
    // One fleet-wide change, acknowledged by every agent through the remaining replicas.
    const afterStop = (await rounds(names, "after the stop", round++, 0, 1)).lastAck;
    const reackMs = performance.now() - t;
    o.log(
      `resync: all re-acknowledged after ${Math.round(reackMs)} ms; restarting replica ${gone}`,
    );
    const restarted = performance.now();
    o.apps[gone] = await o.restartApp(gone);
    const appReadyMs = performance.now() - restarted;
    const onFirst = async () =>
      [...(await workers.agentUrls())].filter(([c, u]) => u === firstUrl(c)).length;
    let backMs: number | null = null;
    try {
      backMs = await o.until(
        async () => (await onFirst()) === N,
        o.backSeconds * 1000,
        "every agent back on its first replica",
      );
    } catch {
      // Reported as the count back within the wait.
    }
    resync = {
      movedAgents: moved.length,
      movedResnapshotMs: Math.round(movedMs),
      fleetWideAfterStopLastAckMs: ms(percentile(afterStop, 50)),
      reacknowledgedAllMs: Math.round(reackMs),
      restartedAppReadyMs: Math.round(appReadyMs),
      allBackOnFirstReplicaMs: backMs === null ? null : Math.round(backMs),
      onFirstReplicaAfterWait: await onFirst(),
      backWaitSeconds: o.backSeconds,
    };
  }
  const answersAfterStorm = await workers.counts();
  await workers.stop();
  return {
    mode: "large fleet (agents in worker processes)",
    desiredState: o.longPoll ? "long-poll" : "event stream",
    clusters: N,
    servicesPerCluster: o.services,
    replicas: R,
    agentProcesses: workers.processes,
    agentsPerProcess: o.perProcess,
    rounds: o.rounds,
    warmupRounds: o.warmup,
    storm: {
      registeredMs: Math.round(registeredMs),
      storedMs: Math.round(stormMs),
      answeredMs: Math.round(stormAnsweredMs),
      answers: stormAnswers,
      non2xx: non2xx(stormAnswers),
    },
    memory: {
      baselineRssMb: ms(baselineRss / 2 ** 20),
      loadedRssMb: ms(loadedRss / 2 ** 20),
      perClusterMb: ms((loadedRss - baselineRss) / N / 2 ** 20),
    },
    oneServiceTenClusters: { clusters: ten.length, ...summary(one, oneFloor) },
    fleetWide: { clusters: N, ...summary(fleet, fleetFloor) },
    resync,
    answersAfterStorm,
    non2xxAfterStorm: non2xx(answersAfterStorm),
  };
}

/** Answers that were not 2xx, by status, over all requests. */
function non2xx(counts: Record<string, Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const byStatus of Object.values(counts))
    for (const [status, n] of Object.entries(byStatus))
      if (!/^2\d\d$/.test(status)) out[status] = (out[status] ?? 0) + n;
  return out;
}
