// Next.js calls register() once per server process at start-up. TRACE is answered 405 on every
// listener of the process.
// With MERIDIAN_AGENT_PORT set, the agent API is also served on that port by a plain node:http
// listener in the same process (same handlers, credential check, DB pool and NOTIFY hub).
// With MERIDIAN_METRICS_PORT set, the process's own metrics are served there (GET /metrics).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request: Next.js answers TRACE with a 500 (lib/infra/method-guard.ts).
  const { refuseForbiddenMethods } = await import("./lib/infra/method-guard");
  refuseForbiddenMethods();
  // Route handlers get no socket: every request carries its TCP peer's address in a header
  // Meridian writes itself (lib/infra/peer-address.ts), for the per-address abuse limits.
  const { stampPeerAddresses } = await import("./lib/infra/peer-address");
  stampPeerAddresses();
  // CSP, HSTS over https, nosniff, no framing: on Next's listener and on the ones below.
  const { stampSecurityHeaders } = await import("./lib/infra/security-headers");
  stampSecurityHeaders();
  const { env } = await import("./lib/infra/env");
  const { log } = await import("./lib/infra/log");
  const metricsPort = env().MERIDIAN_METRICS_PORT;
  if (metricsPort) {
    const { startProcessMetricsListener } = await import("./lib/infra/plane-metrics/listener");
    const { refreshPlaneGauges } = await import("./lib/services/plane/plane-metrics");
    await startProcessMetricsListener(metricsPort, "0.0.0.0", refreshPlaneGauges);
    log.info("process metrics listening", { port: metricsPort });
  }
  // With MERIDIAN_HAMLET_PORT set: federation with other platforms (docs/federation.md).
  if (env().MERIDIAN_HAMLET_PORT) {
    const { startFederationFromEnv } = await import("./lib/services/federation/start");
    await startFederationFromEnv();
  }
  const port = env().MERIDIAN_AGENT_PORT;
  if (!port) return;
  const { startAgentListener } = await import("./app/api/agent/v1/agent-listener");
  await startAgentListener(port, process.env.MERIDIAN_AGENT_HOST ?? "0.0.0.0");
  log.info("agent API listening", { port });
}
