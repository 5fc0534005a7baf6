// Run simulated-cluster agents in one process: the demo's three clusters, or a benchmark's
// hundreds. Each is a full Agent speaking the real protocol to a real Meridian.
import { loadFleetFile, type FleetCluster } from "../../../lib/agent-protocol/fleet-file";
import { Agent } from "../agent";
import { AGENT_VERSION } from "../config";
import { memoryCredentialStore } from "../credential-file";
import { SILENT_LOG, type AgentLog } from "../log";
import type { AgentFetch } from "../http-transport";
import { MeridianClient } from "../meridian-client";
import { SimulatedCluster } from "./simulated-cluster";

export type SimulatedAgent = { cluster: string; agent: Agent; sim: SimulatedCluster };

/** The list starting at its `i mod n`-th element. */
const rotate = <T>(list: readonly T[], i: number): T[] => {
  const at = i % list.length;
  return [...list.slice(at), ...list.slice(0, at)];
};

/** Start one simulated agent per join token; resolves once all have registered and started. */
export async function startSimulatedAgents(opts: {
  /**
   * Meridian's URL, or several (replicas): agent i starts at URL i mod n and fails over to the
   * others in turn, so the fleet is spread over them.
   */
  url: string | readonly string[];
  joinTokens: Record<string, string>;
  fleet?: FleetCluster[];
  log?: AgentLog;
  longPollSeconds?: number;
  heartbeatMs?: number;
  /** Long-poll instead of following the desired-state stream. */
  longPoll?: boolean;
  onDesired?: (cluster: string, generation: number) => void;
  onApplied?: (cluster: string, generation: number) => void;
  /** The agents' HTTP client (a benchmark counts the answers' statuses through it). */
  fetch?: AgentFetch;
  /** The fleet-wide index of the first join token (a process running a slice of a fleet). */
  firstIndex?: number;
  /** Called when an agent's client moves to another of the URLs. */
  onFailover?: (cluster: string, to: string) => void;
}): Promise<{ agents: SimulatedAgent[]; stop: () => Promise<void> }> {
  const fleet = opts.fleet ?? loadFleetFile().clusters;
  const urls = typeof opts.url === "string" ? [opts.url] : opts.url;
  const agents = await Promise.all(
    Object.entries(opts.joinTokens).map(async ([cluster, joinToken], i) => {
      const spec = fleet.find((c) => c.name === cluster);
      if (!spec) throw new Error(`Cluster ${cluster} is not in the fleet file`);
      const sim = new SimulatedCluster(spec);
      const agent = new Agent({
        client: new MeridianClient(rotate(urls, (opts.firstIndex ?? 0) + i), {
          fetch: opts.fetch,
          onFailover: opts.onFailover && ((_from, to) => opts.onFailover?.(cluster, to)),
        }),
        inventory: sim,
        writer: sim,
        credentials: memoryCredentialStore(),
        joinToken,
        info: { version: AGENT_VERSION, hostname: `simulated-${cluster}`, simulated: true },
        log: opts.log ?? SILENT_LOG,
        longPollSeconds: opts.longPollSeconds,
        heartbeatMs: opts.heartbeatMs,
        stream: !opts.longPoll,
        onDesired: opts.onDesired && ((generation) => opts.onDesired?.(cluster, generation)),
        onApplied: opts.onApplied && ((generation) => opts.onApplied?.(cluster, generation)),
      });
      await agent.start();
      return { cluster, agent, sim };
    }),
  );
  return { agents, stop: async () => void (await Promise.all(agents.map((a) => a.agent.stop()))) };
}
