// Benchmark (issue 37.3): the main port's resident memory while five anonymous clients each send a
// 100 MB body to the public POST /api/agent/v1/register at once, against the built app (`next
// start`) on real Postgres. Before the fix the route read each body whole before its 16 KB check
// (RSS 321 → 1,011 MB); now it stops reading past the limit.
//   npm run build && BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55432/postgres \
//     node --conditions=react-server --import tsx bench/hostile-bodies.ts [--port 4201 --clients 5 --mb 100]
// Prints one JSON document.
import { request } from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { migrateDeploy } from "../scripts/lib/migrate";
import { startApp, treeRssBytes } from "./lib/app-process";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4201" },
    clients: { type: "string", default: "5" },
    mb: { type: "string", default: "100" },
  },
});

const MB = 1024 * 1024;

/** Send `mb` MB of JSON-looking bytes as one body; resolves with the status (or the error). */
function sendBody(url: string, mb: number): Promise<{ status: number | null; error?: string }> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(MB, "[");
    const req = request(
      `${url}/api/agent/v1/register`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? null }));
      },
    );
    req.on("error", (e) => resolve({ status: null, error: e.message }));
    let sent = 0;
    const write = () => {
      while (sent < mb) {
        sent += 1;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

async function main(): Promise<void> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) throw new Error("set BENCH_DATABASE_URL to a real Postgres server");
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS meridian_bench_bodies WITH (FORCE)");
  await admin.query("CREATE DATABASE meridian_bench_bodies");
  await admin.end();
  const url = new URL(server);
  url.pathname = "/meridian_bench_bodies";
  await migrateDeploy(url.toString());
  const app = await startApp(url.toString(), Number(values.port));
  try {
    const pid = app.child.pid!;
    // Warm the route (compiled on first use) before the baseline.
    await fetch(`${app.url}/api/agent/v1/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = treeRssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssBytes(pid))), 25);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: Number(values.clients) }, () => sendBody(app.url, Number(values.mb))),
    );
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 500));
    clearInterval(sampler);
    peak = Math.max(peak, treeRssBytes(pid));
    console.log(
      JSON.stringify(
        {
          benchmark: "hostile-bodies",
          route: "POST /api/agent/v1/register (anonymous, main port)",
          clients: Number(values.clients),
          bodyMB: Number(values.mb),
          rssBaselineMB: Math.round(baseline / MB),
          rssPeakMB: Math.round(peak / MB),
          rssGrowthMB: Math.round((peak - baseline) / MB),
          answers: answers.map((a) => a.status ?? a.error),
          ms: Math.round(ms),
          machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}`,
          date: new Date().toISOString(),
        },
        null,
        2,
      ),
    );
  } finally {
    await app.stop();
  }
}

await main();
