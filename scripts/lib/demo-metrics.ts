// Metrics for `npm run demo`: when a `prometheus` binary is on PATH, one Bookinfo traffic
// generator and one real Prometheus per simulated cluster (external label cluster=X, 2 s
// scrapes, the fleet's alert rules), plus a federating Prometheus scraping their /federate;
// all registered as Meridian metrics sources. Without Prometheus the demo runs without
// metrics and the UI explains how to enable them.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { DEMO_METRICS_COMMAND } from "@/lib/model/metrics";
import type { IntentDto } from "@/lib/model/intent";
import { startDemoTraffic, type DemoTraffic, type IntentReader } from "./demo-traffic";
import { DEMO_SOURCE_PREFIX, type DemoMetrics } from "./demo-metrics-running";
import type { DemoSource } from "./demo-metrics-sources";
import { freePort, stopChild, waitFor } from "./processes";
import { ROOT } from "./root";

const RULES_DIR = path.join(ROOT, "fleets/prometheus");
/** Scrape interval of the demo; the rate window below covers five scrapes. */
const SCRAPE = "2s";
const RATE_WINDOW = "10s";

/** A cluster (or VM site) of the demo fleet, the mesh whose metrics its generator exposes and what it runs. */
export interface DemoMetricsCluster {
  name: string;
  mesh: "istio" | "linkerd";
  services: string[];
}

// Different loads per cluster, so the per-cluster lines do not sit on top of each other,
// and a small background 5xx rate on the third cluster's reviews (below the 5 % alert
// threshold of fleets/prometheus/bookinfo.rules.yml), so the error chart is not flat. (The
// second cluster runs no productpage: its reviews serve only what an import sends them.)
const LOAD_SCALE = [1, 0.65, 0.4];
const BACKGROUND_FAULT = { index: 2, service: "reviews", errorRate: 0.03, latencyMs: 0 };

/** Whether a runnable `prometheus` is on PATH. */
export function prometheusAvailable(): boolean {
  const r = spawnSync("prometheus", ["--version"], { stdio: "ignore" });
  return !r.error && r.status === 0;
}

/** The fleet's rule files (written by the alerts feature), if any. */
export function ruleFiles(dir = RULES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".rules.yml"))
    .sort()
    .map((f) => path.join(dir, f));
}

/** A Prometheus configuration (JSON is valid YAML). Exported for `promtool check config`. */
export function prometheusConfig(opts: {
  externalLabels: Record<string, string>;
  job: string;
  targets: string[];
  federate?: boolean;
  rules?: string[];
}): string {
  return JSON.stringify(
    {
      global: {
        scrape_interval: SCRAPE,
        scrape_timeout: SCRAPE,
        evaluation_interval: "5s",
        external_labels: opts.externalLabels,
      },
      rule_files: opts.rules ?? [],
      scrape_configs: [
        {
          job_name: opts.job,
          static_configs: [{ targets: opts.targets }],
          ...(opts.federate
            ? {
                metrics_path: "/federate",
                honor_labels: true,
                params: { "match[]": ['{__name__=~"istio_.*|response_.*"}'] },
              }
            : {}),
        },
      ],
    },
    null,
    2,
  );
}

async function startPrometheus(
  name: string,
  dir: string,
  config: string,
): Promise<{ url: string; child: ChildProcess }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "prometheus.yml");
  writeFileSync(file, config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    "prometheus",
    [
      `--config.file=${file}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--storage.tsdb.retention.time=1d`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=error",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  await waitFor(
    `Prometheus ${name}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`prometheus ${name} exited (${child.exitCode})`);
      return (await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) })).ok;
    },
    20_000,
  );
  return { url, child };
}

/**
 * Starts generators and Prometheus servers for the demo fleet and returns their URLs.
 * Resolves to null (and starts nothing) when Prometheus is not installed.
 */
export async function startDemoMetrics(opts: {
  stateDir: string;
  clusters: DemoMetricsCluster[];
  /** The intent the traffic follows (lib/demo/traffic-routes.ts), read again through `reader`. */
  intents: IntentDto[];
  reader?: IntentReader;
  /** Port of the traffic's control listener (failure switch, bypassing flow); none if unset. */
  controlPort?: number;
  say: (msg: string) => void;
}): Promise<(DemoMetrics & { traffic: DemoTraffic }) | null> {
  if (!prometheusAvailable()) return null;
  const base = path.join(opts.stateDir, "prometheus");
  const children: ChildProcess[] = [];
  let traffic: DemoTraffic | undefined;
  const stop = async () => {
    await Promise.all(children.map((c) => stopChild(c)));
    await traffic?.stop();
  };
  try {
    const rules = ruleFiles();
    const clusters: DemoMetrics["clusters"] = [];
    traffic = await startDemoTraffic({
      clusters: opts.clusters.map((c, i) => ({ ...c, scale: LOAD_SCALE[i % LOAD_SCALE.length]! })),
      intents: opts.intents,
      reader: opts.reader,
      controlPort: opts.controlPort,
      say: opts.say,
    });
    for (const [i, c] of opts.clusters.entries()) {
      const gen = traffic.generators.get(c.name)!;
      if (i === BACKGROUND_FAULT.index) gen.inject(BACKGROUND_FAULT.service, BACKGROUND_FAULT);
      const prom = await startPrometheus(
        c.name,
        path.join(base, c.name),
        prometheusConfig({
          externalLabels: { cluster: c.name },
          job: "bookinfo",
          targets: [new URL(gen.url).host],
          rules,
        }),
      );
      children.push(prom.child);
      clusters.push({ name: c.name, url: prom.url, generatorUrl: gen.url });
    }
    const global = await startPrometheus(
      "global",
      path.join(base, "global"),
      prometheusConfig({
        externalLabels: {},
        job: "federate",
        targets: clusters.map((c) => new URL(c.url).host),
        federate: true,
      }),
    );
    children.push(global.child);
    opts.say(
      `metrics: ${clusters.length} traffic generators routed by the intent, ${clusters.length} Prometheus servers and a federating one (${global.url})${rules.length ? `, ${rules.length} rule file(s)` : ""}; charts fill within ~30 s${traffic.controlUrl ? `; failure switch and bypassing flow on ${traffic.controlUrl} (scripts/lib/demo-traffic.ts)` : ""}`,
    );
    return { global: { url: global.url }, clusters, stop, traffic };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Environment for the app process: the demo's short rate window and the metrics state. */
export function demoMetricsEnv(running: boolean): Record<string, string> {
  return running
    ? { MERIDIAN_DEMO_METRICS: "running", MERIDIAN_METRICS_WINDOW: RATE_WINDOW }
    : { MERIDIAN_DEMO_METRICS: "unavailable" };
}

/**
 * The demo's metrics, start to finish: starts the servers (or not, without Prometheus),
 * points the `demo-*` sources at them (removing them when nothing runs, so the UI explains
 * how to enable metrics) and sets the app's environment. Call after migrations and
 * bootstrap, before the app starts.
 */
export async function setupDemoMetrics(opts: {
  stateDir: string;
  say: (msg: string) => void;
  /** The intent now and how to read it again (scripts/lib/bootstrap.ts). */
  traffic: { intents: IntentDto[]; reader: IntentReader; controlPort: number };
}): Promise<{ stop(): Promise<void> }> {
  const clusters = await demoMetricsClusters();
  const { localDemoSources, registerDemoSources } = await import("./demo-metrics-sources");
  const external = externalDemoSources(process.env.MERIDIAN_DEMO_PROMETHEUS);
  if (external) {
    // docker compose: Prometheus runs in its own containers; register those.
    await registerDemoSources(external, [...new Set(external.map((s) => new URL(s.url).hostname))]);
    opts.say(`metrics: ${external.length} Prometheus sources from MERIDIAN_DEMO_PROMETHEUS`);
    Object.assign(process.env, demoMetricsEnv(true));
    return { stop: async () => undefined };
  }
  const metrics = await startDemoMetrics({ ...opts, ...opts.traffic, clusters });
  if (!metrics) {
    opts.say(
      `metrics: no \`prometheus\` on PATH, so the demo runs without metrics — stop it and run \`${DEMO_METRICS_COMMAND}\` to see golden signals and calls`,
    );
  }
  try {
    await registerDemoSources(metrics ? localDemoSources(metrics) : null, ["127.0.0.1/32"]);
  } catch (err) {
    await metrics?.stop();
    throw err;
  }
  Object.assign(process.env, demoMetricsEnv(metrics !== null));
  return { stop: async () => void (await metrics?.stop()) };
}

/** The demo's clusters and its VM site, with the meshes whose metrics their generators expose. */
export async function demoMetricsClusters(): Promise<DemoMetricsCluster[]> {
  const { bookinfoFleet, DEMO_SITE, demoSiteSnapshot } = await import("@/lib/demo/bookinfo-fleet");
  const all = [
    ...bookinfoFleet().map(({ cluster, snapshot }) => ({ name: cluster.name, snapshot })),
    // The VM site serves where it serves: its sidecars report like any other (defect 6).
    { name: DEMO_SITE.name, snapshot: demoSiteSnapshot() },
  ];
  return all.flatMap(({ name, snapshot }) => {
    const mesh = snapshot.meshes.find((m) => m.type === "istio" || m.type === "linkerd")?.type;
    return mesh === "istio" || mesh === "linkerd"
      ? [{ name, mesh, services: snapshot.services.map((s) => s.name) }]
      : [];
  });
}

/**
 * Parses MERIDIAN_DEMO_PROMETHEUS: comma-separated `name=url` (a global source) or
 * `name@cluster=url` (a per-cluster one), e.g.
 * `federated=http://prometheus-global:9090,east-1@east-1=http://prometheus-east-1:9090`.
 * Names get the `demo-` prefix. Undefined or empty → null.
 */
export function externalDemoSources(raw: string | undefined): DemoSource[] | null {
  if (!raw?.trim()) return null;
  return raw.split(",").map((entry) => {
    const m = /^\s*([a-z0-9][-a-z0-9]*)(?:@([a-z0-9][-a-z0-9]*))?=(https?:\/\/\S+)\s*$/.exec(entry);
    if (!m)
      throw new Error(`MERIDIAN_DEMO_PROMETHEUS: cannot read "${entry}" (name[@cluster]=url)`);
    return {
      name: `${DEMO_SOURCE_PREFIX}${m[1]}`,
      url: m[3]!,
      scope: m[2] ? ("cluster" as const) : ("global" as const),
      clusterName: m[2] ?? null,
    };
  });
}
