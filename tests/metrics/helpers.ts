// Shared bits of the metrics suite: polling, and tiny misbehaving HTTP servers (a slow
// source and a redirecting one) — test doubles, because the failures they stand for
// cannot be produced on demand by a real Prometheus.
import { createServer, type Server } from "node:http";

import type { PrometheusClient, PrometheusSource } from "@/lib/fleet-metrics/prometheus-client";
import {
  buildGoldenSignalsQuery,
  parseGoldenSignals,
  type GoldenSignalsInput,
  type GoldenSignalsResult,
} from "@/lib/fleet-metrics/golden-signals";

/** Polls `fn` until `ok` holds, returning the last value; throws with it on timeout. */
export async function pollUntil<T>(
  fn: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await fn();
      if (ok(last)) return last;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(
    `condition not met in ${timeoutMs} ms; last value ${JSON.stringify(last)}; last error ${String(lastError)}`,
  );
}

/** Queries one source for a service's golden signals and parses them. */
export async function goldenSignals(
  client: PrometheusClient,
  source: PrometheusSource,
  input: GoldenSignalsInput,
): Promise<GoldenSignalsResult> {
  const { data } = await client.query(source, buildGoldenSignalsQuery(input));
  if (data.resultType !== "vector") throw new Error(`unexpected ${data.resultType}`);
  return parseGoldenSignals(data.result, { fallbackCluster: source.cluster });
}

/** A local HTTP server with a custom handler, on 127.0.0.1. */
export async function startStubServer(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A source that answers only after `delayMs` (a stand-in for an overloaded Prometheus). */
export function startSlowSource(delayMs: number) {
  return startStubServer((_req, res) => {
    const t = setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "success", data: { resultType: "vector", result: [] } }));
    }, delayMs);
    res.on("close", () => clearTimeout(t));
  });
}

/** A source that redirects every request to `location`. */
export function startRedirectingSource(location: string) {
  return startStubServer((_req, res) => {
    res.writeHead(302, { location }).end();
  });
}
