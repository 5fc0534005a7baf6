import { createServer, type Server } from "node:http";
import { collectDefaultMetrics, Registry } from "prom-client";

/**
 * The plane's own process metrics (CPU, memory, heap, event loop lag, GC, handles) in the
 * Prometheus text format at GET /metrics, on a listener of its own (MERIDIAN_METRICS_PORT):
 * scraped inside the cluster (the chart's ServiceMonitor), never routed through the ingress.
 * Nothing about the fleet, users or secrets is exposed here.
 */
export function startProcessMetricsListener(port: number, host = "0.0.0.0"): Promise<Server> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "meridian_" });
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "/").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { "content-type": registry.contentType }).end(body),
      () => res.writeHead(503, { "content-type": "text/plain" }).end("metrics unavailable\n"),
    );
  });
  server.on("close", () => registry.clear());
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
