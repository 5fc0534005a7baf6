// Real Prometheus servers for the metrics suite: one per simulated cluster (external
// label `cluster`, scraping that cluster's traffic generator every second) and one
// federating server scraping their /federate endpoints. Expect the first samples ~6 s
// after start: Prometheus's discovery manager hands targets to the scrape manager at most
// every 5 s (discovery/manager.go `updatert`), even for static_configs. Everything listens on
// 127.0.0.1, lives in temp dirs, and stop() leaves no process or directory behind.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { startTrafficGenerator, type TrafficGenerator } from "@/scripts/lib/traffic-generator";

/** Fails (never skips) when Prometheus is missing. */
export function requirePrometheus(): string {
  const found = spawnSync("prometheus", ["--version"], { encoding: "utf8" });
  if (found.error || found.status !== 0) {
    throw new Error(
      "prometheus is not on PATH: the metrics suite needs a real Prometheus — run `apt-get install -y prometheus`",
    );
  }
  return "prometheus";
}

/** A free TCP port on 127.0.0.1 (closed again before Prometheus binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A running Prometheus. */
export interface PrometheusServer {
  name: string;
  url: string;
  stop(): Promise<void>;
}

export interface ScrapeConfig {
  job: string;
  targets: string[];
  federate?: string[];
  /** Path to scrape (default /metrics). */
  metricsPath?: string;
  /** Sent as `Authorization: Bearer …` with every scrape. */
  bearerToken?: string;
}

/** Optional alerting: rule files to load and Alertmanagers (host:port) to send alerts to. */
export interface AlertingConfig {
  /** Rules file contents (YAML), written next to the config. */
  rules?: string;
  alertmanagers?: string[];
}

function yamlConfig(
  externalLabels: Record<string, string>,
  scrapes: ScrapeConfig[],
  alerting: AlertingConfig = {},
): string {
  // JSON is valid YAML; Prometheus's loader accepts it.
  return JSON.stringify({
    global: { scrape_interval: "1s", evaluation_interval: "1s", external_labels: externalLabels },
    ...(alerting.rules ? { rule_files: ["rules.yml"] } : {}),
    ...(alerting.alertmanagers?.length
      ? { alerting: { alertmanagers: [{ static_configs: [{ targets: alerting.alertmanagers }] }] } }
      : {}),
    scrape_configs: scrapes.map((s) => ({
      job_name: s.job,
      scrape_interval: "1s",
      scrape_timeout: "1s",
      static_configs: [{ targets: s.targets }],
      ...(s.metricsPath ? { metrics_path: s.metricsPath } : {}),
      ...(s.bearerToken ? { authorization: { type: "Bearer", credentials: s.bearerToken } } : {}),
      ...(s.federate
        ? { metrics_path: "/federate", honor_labels: true, params: { "match[]": s.federate } }
        : {}),
    })),
  });
}

async function waitReady(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`prometheus exited early: ${stderr().slice(-500)}`);
    try {
      const res = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`prometheus not ready after 20 s: ${stderr().slice(-500)}`);
}

/** Starts one Prometheus with the given external labels and scrape jobs. */
export async function startPrometheus(
  name: string,
  externalLabels: Record<string, string>,
  scrapes: ScrapeConfig[],
  alerting: AlertingConfig = {},
): Promise<PrometheusServer> {
  const bin = requirePrometheus();
  const dir = await mkdtemp(path.join(tmpdir(), `meridian-prom-${name}-`));
  const config = path.join(dir, "prometheus.yml");
  await writeFile(config, yamlConfig(externalLabels, scrapes, alerting));
  if (alerting.rules) await writeFile(path.join(dir, "rules.yml"), alerting.rules);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    bin,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let err = "";
  child.stderr?.on("data", (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killTimer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killTimer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, child, () => err);
  } catch (e) {
    await stop();
    throw e;
  }
  return { name, url, stop };
}

/** The simulated fleet: generators, per-cluster Prometheus servers, the federating one. */
export interface MetricsFleet {
  generators: Map<string, TrafficGenerator>;
  clusters: Map<string, PrometheusServer>;
  global: PrometheusServer;
  stop(): Promise<void>;
}

/**
 * Starts one traffic generator and one Prometheus per cluster plus a federating
 * Prometheus. Each cluster's reviews also receives cross-cluster calls from the
 * next cluster's productpage. `alerting` (rules, Alertmanagers) applies to the per-cluster
 * servers.
 */
export async function startMetricsFleet(
  clusterNames: string[],
  mesh: "istio" | "linkerd",
  alerting: AlertingConfig = {},
): Promise<MetricsFleet> {
  requirePrometheus();
  const generators = new Map<string, TrafficGenerator>();
  const clusters = new Map<string, PrometheusServer>();
  let global: PrometheusServer | undefined;
  const stop = async () => {
    await Promise.all([global, ...clusters.values()].map((p) => p?.stop()));
    await Promise.all([...generators.values()].map((g) => g.stop()));
  };
  try {
    for (const [i, cluster] of clusterNames.entries()) {
      const peer = clusterNames[(i + 1) % clusterNames.length];
      const peers = peer && peer !== cluster ? [peer] : [];
      generators.set(cluster, await startTrafficGenerator({ cluster, mesh, peers }));
    }
    const started = await Promise.all(
      clusterNames.map((cluster) =>
        startPrometheus(
          cluster,
          { cluster },
          [{ job: "bookinfo", targets: [new URL(generators.get(cluster)!.url).host] }],
          alerting,
        ),
      ),
    );
    for (const p of started) clusters.set(p.name, p);
    global = await startPrometheus("global", {}, [
      {
        job: "federate",
        targets: started.map((p) => new URL(p.url).host),
        federate: ['{__name__=~"istio_.*|response_.*"}'],
      },
    ]);
  } catch (e) {
    await stop();
    throw e;
  }
  return { generators, clusters, global, stop };
}
