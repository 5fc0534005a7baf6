import { createServer, type Server } from "node:http";
import { planeMetrics } from "./registry";

/**
 * The plane's metrics (lib/infra/plane-metrics/registry.ts: requests, agents, propagation, change sets,
 * metrics-source queries, the pool, and the process's CPU, memory, heap, event loop lag, GC,
 * handles) in the Prometheus text format at GET /metrics, on a listener of its own
 * (MERIDIAN_METRICS_PORT): scraped inside the cluster (the chart's ServiceMonitor), never routed
 * through the ingress. Nothing about users or secrets is exposed here. `beforeScrape` refreshes
 * the gauges read from the database (change sets by status); a failure there leaves them as
 * they were and the scrape still answers.
 */
export function startProcessMetricsListener(
  port: number,
  host = "0.0.0.0",
  beforeScrape: () => Promise<void> = async () => {},
): Promise<Server> {
  const { registry } = planeMetrics();
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "/").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    beforeScrape()
      .catch(() => undefined)
      .then(() => registry.metrics())
      .then(
        (body) => res.writeHead(200, { "content-type": registry.contentType }).end(body),
        () => res.writeHead(503, { "content-type": "text/plain" }).end("metrics unavailable\n"),
      );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
