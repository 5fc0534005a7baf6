import "server-only";
import { APPLY_SUCCEEDED, type Report, type StatusReport } from "@/lib/agent-protocol/messages";
import { DomainError, notFound } from "@/lib/domain/errors";
import { agentActor, type AgentPrincipal } from "@/lib/model/actor";
import { recordAgentReport, writeStatus } from "@/lib/store/agents";
import { touchCluster } from "@/lib/store/clusters";
import { rollUpChangeSets } from "@/lib/store/change-sets";
import { planeMetrics } from "@/lib/infra/plane-metrics/registry";
import { applyClusterDelta, applyClusterSnapshot } from "@/lib/services/agents/inventory";

// What an agent tells Meridian: its cluster's inventory and what it applied.

/** Store an agent's report (snapshot, delta or heartbeat) for its own cluster. */
export async function acceptReport(
  p: AgentPrincipal,
  report: Report,
  signal?: AbortSignal,
): Promise<{ created: number; updated: number; removed: number }> {
  const actor = agentActor(p);
  const at = new Date();
  let summary = { created: 0, updated: 0, removed: 0 };
  if (report.kind === "snapshot")
    summary = await applyClusterSnapshot(p.clusterName, report.snapshot, actor, signal);
  else if (report.kind === "delta")
    summary = await applyClusterDelta(p.clusterName, report, actor, signal);
  else if (!(await touchCluster(p.clusterName))) throw notFound("Cluster");
  await recordAgentReport(p.clusterName, {
    version: report.agent.version,
    hostname: report.agent.hostname,
    at,
    snapshot: report.kind === "snapshot",
  });
  return summary;
}

/** One line naming up to five failed resources of an acknowledgement. */
function describeFailures(failures: StatusReport["results"]): string {
  return failures
    .slice(0, 5)
    .map(
      (f) =>
        `${f.kind} ${f.namespace ? `${f.namespace}/` : ""}${f.name}: ${f.result}${f.message ? ` — ${f.message}` : ""}`,
    )
    .join("; ");
}

/**
 * Record what the agent applied: the observed generation with per-resource results, and
 * the status of every change set waiting on this cluster up to that generation; then roll up
 * the change sets this touched: those whose cluster rows moved, and those still pending although
 * this cluster's row settled before — their roll-up was lost (the app stopped between the two,
 * or the roll-up failed and the agent resent its acknowledgement), and this one catches it up.
 */
export async function acceptStatus(p: AgentPrincipal, status: StatusReport): Promise<void> {
  const failures = status.results.filter((r) => !APPLY_SUCCEEDED.has(r.result));
  const written = await writeStatus({
    cluster: p.clusterName,
    generation: status.generation,
    results: status.results,
    status: failures.length ? "failed" : "applied",
    message: failures.length ? describeFailures(failures) : "",
  });
  if (!written.accepted) {
    throw new DomainError(
      "conflict",
      "unknown_generation",
      `Generation ${status.generation} was never issued for this cluster, or is older than the one it acknowledged already`,
    );
  }
  const outcome = failures.length ? "failed" : "applied";
  for (const seconds of written.settledAfterSeconds)
    planeMetrics().propagation.labels(outcome).observe(seconds);
  // Only when this acknowledgement settled a change set's cluster (rare next to heartbeats).
  if (written.changeSets.length) await rollUpChangeSets(written.changeSets);
}
