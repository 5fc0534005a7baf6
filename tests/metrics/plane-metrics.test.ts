// The plane's own metrics in a real Prometheus (issue 19.5): Prometheus scrapes the metrics
// listener the app starts on MERIDIAN_METRICS_PORT (lib/infra/plane-metrics/listener.ts, with the
// scrape-time gauges of instrumentation.ts); a change set applied through the CLI is applied
// and acknowledged by real agents (simulated clusters) over the real agent API, and then the
// propagation histogram's _count is at least 1 by PromQL, the change set counts as applied, and
// every expression of the sample dashboard (deploy/grafana/meridian.json) evaluates there.
// In-process: the CLI through tests/helpers/route-fetch.ts and the agents through
// tests/helpers/in-process-fetch.ts (transport doubles, named); database and Prometheus are real.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "@/agent/src/agent";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import { SILENT_LOG } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { SimulatedCluster } from "@/agent/src/simulated/simulated-cluster";
import { runCli } from "@/cli/program";
import { loadFleetFile } from "@/lib/agent-protocol/fleet-file";
import { startProcessMetricsListener } from "@/lib/infra/plane-metrics/listener";
import type { ChangeSetDto } from "@/lib/model/intent";
import { createJoinToken } from "@/lib/services/agents/access";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { refreshPlaneGauges } from "@/lib/services/plane/plane-metrics";
import { userWithToken } from "../helpers/api";
import { resetDatabase } from "../helpers/db";
import { inProcessFetch } from "../helpers/in-process-fetch";
import { routeFetch } from "../helpers/route-fetch";
import { pollUntil } from "./helpers";
import { startPrometheus, type PrometheusServer } from "./prometheus-harness";

const SYSTEM = { type: "system", label: "test" } as const;
const dir = mkdtempSync(path.join(tmpdir(), "meridian-plane-metrics-"));
let listener: Server;
let prometheus: PrometheusServer;
const agents: Agent[] = [];
let changeSet: ChangeSetDto;

type Vector = { metric: Record<string, string>; value: [number, string] }[];
async function query(expr: string): Promise<{ status: string; data?: { result: Vector } }> {
  const url = `${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr)}`;
  return (await (await fetch(url)).json()) as { status: string; data?: { result: Vector } };
}
const scalar = async (expr: string) => Number((await query(expr)).data?.result[0]?.value[1] ?? 0);

beforeAll(async () => {
  await resetDatabase();
  await seedDemoFleet();
  listener = await startProcessMetricsListener(0, "127.0.0.1", refreshPlaneGauges);
  const port = (listener.address() as AddressInfo).port;
  prometheus = await startPrometheus("plane", {}, [
    { job: "meridian", targets: [`127.0.0.1:${port}`] },
  ]);
  const admin = (await userWithToken("admin")).token;
  const file = path.join(dir, "changes.yaml");
  writeFileSync(
    file,
    "changes:\n  - namespace: bookinfo\n    name: reviews\n    version: 1\n    exports: [east-1, east-2]\n    imports: [east-1, east-2]\n",
  );
  let out = "";
  const code = await runCli(["apply", "-f", file, "-o", "json"], {
    env: { MERIDIAN_SERVER: "http://meridian.test", MERIDIAN_TOKEN: admin },
    fetch: routeFetch(),
    out: (t) => (out += t),
    err: (t) => (out += t),
  });
  expect(code, out).toBe(0);
  changeSet = JSON.parse(out) as ChangeSetDto;
  const fleet = loadFleetFile();
  for (const { cluster } of changeSet.clusters) {
    const sim = new SimulatedCluster(fleet.clusters.find((c) => c.name === cluster)!);
    const agent = new Agent({
      client: new MeridianClient("http://meridian.test", { fetch: inProcessFetch() }),
      inventory: sim,
      writer: sim,
      credentials: memoryCredentialStore(),
      joinToken: (await createJoinToken(cluster, SYSTEM)).token,
      info: { version: "test", hostname: `agent-${cluster}`, simulated: true },
      log: SILENT_LOG,
      longPollSeconds: 5,
      deltaDelayMs: 50,
    });
    agents.push(agent);
    await agent.start();
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop()));
  await prometheus?.stop();
  await new Promise((resolve) => listener?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("the plane's /metrics in a real Prometheus", () => {
  it("shows the propagation histogram filled after one change set is applied by agents", async () => {
    expect(changeSet.clusters.length).toBeGreaterThan(0);
    const count = await pollUntil(
      () => scalar("sum(meridian_desired_propagation_seconds_count)"),
      (n) => n >= changeSet.clusters.length,
      30_000,
    );
    expect(count).toBeGreaterThanOrEqual(1);
    expect(await scalar('sum(meridian_desired_propagation_seconds_count{outcome="applied"})')).toBe(
      count,
    );
    // Every observation lies in a bucket: the histogram is well formed, not only counted.
    expect(await scalar('sum(meridian_desired_propagation_seconds_bucket{le="+Inf"})')).toBe(count);
    const applied = await pollUntil(
      () => scalar('meridian_change_sets{status="applied"}'),
      (n) => n >= 1,
      15_000,
    );
    expect(applied).toBe(1);
    expect(await scalar("sum(meridian_agents_connected)")).toBe(changeSet.clusters.length);
  });

  it("evaluates every expression of the sample Grafana dashboard", async () => {
    const dashboard = readFileSync(
      path.join(import.meta.dirname, "../../deploy/grafana/meridian.json"),
      "utf8",
    );
    const exprs = [...dashboard.matchAll(/"expr": ("(?:[^"\\]|\\.)*")/g)].map((m) =>
      (JSON.parse(m[1]!) as string)
        .replaceAll("$__rate_interval", "1m")
        .replaceAll("$job", ".*")
        .replaceAll("$instance", ".*"),
    );
    expect(exprs.length).toBeGreaterThan(10);
    for (const expr of exprs) expect((await query(expr)).status, expr).toBe("success");
    // The request-rate panels have data once requests were observed by the route wrapper.
    expect(
      (await query("meridian_http_request_duration_seconds_count")).data?.result.length,
    ).toBeGreaterThan(0);
  });
});
