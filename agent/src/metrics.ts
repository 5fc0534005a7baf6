import { Counter, Gauge, Registry } from "prom-client";

/** The agent's own Prometheus metrics (served on /metrics). */
export type AgentMetrics = ReturnType<typeof createAgentMetrics>;

export function createAgentMetrics() {
  const registry = new Registry();
  const m = {
    registry,
    connected: new Gauge({
      name: "meridian_agent_connected",
      help: "1 while Meridian answers the agent",
      registers: [registry],
    }),
    lastSync: new Gauge({
      name: "meridian_agent_last_sync_timestamp_seconds",
      help: "When the agent last applied a desired generation",
      registers: [registry],
    }),
    lastReport: new Gauge({
      name: "meridian_agent_last_report_timestamp_seconds",
      help: "When the agent last reported inventory",
      registers: [registry],
    }),
    observedGeneration: new Gauge({
      name: "meridian_agent_observed_generation",
      help: "The desired generation last applied",
      registers: [registry],
    }),
    applyErrors: new Counter({
      name: "meridian_agent_apply_errors_total",
      help: "Resources that could not be applied",
      registers: [registry],
    }),
  };
  return m;
}
