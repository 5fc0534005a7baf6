// One worker process of bench/agents.ts --large-fleet: K simulated agents (the real Agent with
// an in-memory cluster, agent/src/simulated/fleet-runner), forked so that the agents' CPU is not
// the app's or the benchmark's. It tells the benchmark, over IPC, when each agent applied and
// acknowledged a generation — stamped with the monotonic clock (process.hrtime, CLOCK_MONOTONIC:
// one clock for every process of the machine) — and counts every answer's status.
import { keepAliveFetch, type AgentFetch } from "../../agent/src/http-transport";
import { startSimulatedAgents, type SimulatedAgent } from "../../agent/src/simulated/fleet-runner";
import type { ToWorker, FromWorker } from "./agent-workers";
import { syntheticCluster } from "./synthetic-fleet";

const send = (msg: FromWorker) => process.send!(msg);

/** Answers by request ("report snapshot", "desired/stream", …) and status ("200", "503", "error"). */
let counts: Record<string, Record<string, number>> = {};
const count = (what: string, status: string) => {
  const byStatus = (counts[what] ??= {});
  byStatus[status] = (byStatus[status] ?? 0) + 1;
};
const requestName = (url: URL, body?: string): string => {
  const route = url.pathname.replace(/^\/api\/agent\/v1\//, "");
  if (route !== "report" || !body) return route;
  return `report ${(JSON.parse(body) as { kind?: string }).kind ?? "?"}`;
};
const countingFetch: AgentFetch = async (url, init) => {
  const what = requestName(url, init.body);
  try {
    const answer = await keepAliveFetch(url, init);
    count(what, String(answer.status));
    return answer;
  } catch (error) {
    if (!init.signal.aborted) count(what, "error");
    throw error;
  }
};

// Acknowledgements, sent in one IPC message per turn of the event loop.
const acks: [string, number, string][] = [];
const ack = (cluster: string, generation: number) => {
  if (!acks.length) setImmediate(() => send({ type: "applied", acks: acks.splice(0) }));
  acks.push([cluster, generation, String(process.hrtime.bigint())]);
};

let fleet: { agents: SimulatedAgent[]; stop: () => Promise<void> } | undefined;
/** Each agent's current URL (its first until a failover). */
const urlOf = new Map<string, string>();

async function floorRound(id: number, urls: string[]): Promise<void> {
  const start = process.hrtime.bigint();
  await Promise.all(
    urls.map((u) =>
      keepAliveFetch(new URL(u), { headers: new Headers(), signal: AbortSignal.timeout(60_000) }),
    ),
  );
  send({
    type: "floorDone",
    id,
    startNs: String(start),
    endNs: String(process.hrtime.bigint()),
  });
}

process.on("message", (msg: ToWorker) => {
  void (async () => {
    switch (msg.type) {
      case "start": {
        const specs = msg.clusters.map((c) => syntheticCluster(c.index, msg.services));
        for (const c of msg.clusters) urlOf.set(c.name, msg.urls[c.index % msg.urls.length]!);
        fleet = await startSimulatedAgents({
          url: msg.urls,
          // startSimulatedAgents starts agent i at URL i mod n: keep the fleet-wide index.
          joinTokens: Object.fromEntries(msg.clusters.map((c) => [c.name, c.token])),
          fleet: specs,
          longPollSeconds: 55,
          longPoll: msg.longPoll,
          firstIndex: msg.clusters[0]?.index ?? 0,
          fetch: countingFetch,
          onApplied: ack,
          onFailover: (cluster, to) => urlOf.set(cluster, to),
        });
        return send({ type: "started" });
      }
      case "counts": {
        const out = counts;
        if (msg.reset) counts = {};
        return send({ type: "counts", counts: out });
      }
      case "urls":
        return send({ type: "urls", byCluster: Object.fromEntries(urlOf) });
      case "floor":
        return floorRound(msg.id, msg.urls);
      case "stop":
        await fleet?.stop();
        send({ type: "stopped" });
        return process.exit(0);
    }
  })().catch((error: unknown) => {
    send({ type: "failed", error: String((error as Error)?.stack ?? error) });
    process.exit(1);
  });
});
// The benchmark went away (stopped or killed): so do its agents.
process.on("disconnect", () => process.exit(0));
send({ type: "ready" });
