// Benchmark: what one round of N concurrent trivial HTTP answers costs from `next start` versus a
// bare Node `http` server on the same machine — the per-request floor under the agent protocol.
//   npm run build && BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55433/postgres \
//     node --conditions=react-server --import tsx bench/http-floor.ts [--concurrency 100 --rounds 15]
// Prints one JSON document.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { freePort } from "../scripts/lib/processes";
import { startApp } from "./lib/app-process";
import { percentile } from "./lib/synthetic-fleet";

const { values } = parseArgs({
  options: {
    concurrency: { type: "string", default: "100" },
    rounds: { type: "string", default: "15" },
  },
});
const N = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) {
  console.error("bench: set BENCH_DATABASE_URL to a local Postgres server");
  process.exit(1);
}

/** Median wall time of ROUNDS rounds of N concurrent GETs. */
async function roundMs(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: N }, () => fetch(url).then((r) => r.text())));
    times.push(performance.now() - t0);
  }
  return Math.round(percentile(times, 50) * 10) / 10;
}

const bare = createServer((_req, res) => {
  res.setHeader("content-type", "application/json");
  res.end('{"status":"ok"}');
});
await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
const bareMs = await roundMs(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
bare.close();

const app = await startApp(databaseUrl, await freePort());
const nextHealthzMs = await roundMs(`${app.url}/api/healthz`);
// An agent route refused before any database work (no credential): Next's own pipeline only.
const nextAgent401Ms = await roundMs(`${app.url}/api/agent/v1/desired?after=0&wait=0`);
await app.stop();

console.log(
  JSON.stringify(
    {
      benchmark: "http-floor",
      date: new Date().toISOString(),
      concurrency: N,
      rounds: ROUNDS,
      bareNodeMs: bareMs,
      nextHealthzMs,
      nextAgent401Ms,
      ratioNextToBare: Math.round((nextAgent401Ms / bareMs) * 100) / 100,
    },
    null,
    2,
  ),
);
process.exit(0);
