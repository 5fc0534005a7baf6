// Benchmark: the topology map at 2,000 nodes and 10,000 call edges.
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55433/postgres \
//     node --conditions=react-server --import tsx bench/topology.ts [--requests 40 --pan-frames 120]
// Prints one JSON document:
// - api: GET /api/v1/topology through the real route handler (withAuth with an API token, zod
//   query + response schemas, JSON), in-process, on a seeded Postgres. The inventory is read
//   from the database; the call edges come through the service's `calls` boundary from a
//   generator (bench/lib/topology-fleet.ts) standing in for Prometheus. Measured uncached
//   (every request rebuilds the graph from Postgres) and cached (the service's 5 s TTL), for
//   the whole graph and for the map's own query (`collapse=auto`: clusters folded).
// - browser: headless Chromium (playwright-core, /usr/bin/chromium) draws the answer with the
//   map's own TopologyCanvas (bundled by esbuild): time to first drawn frame of the map's
//   default answer (folded) and of every service unfolded, then frame times while dragging.
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { benchServerUrl, freshDatabase } from "./lib/bench-database";
import { percentile } from "./lib/synthetic-fleet";
import { DEFAULT_SIZE, sizeFor, topologyCalls, topologyFleet } from "./lib/topology-fleet";
import { seedTopologyFleet } from "./lib/topology-seed";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "40" },
    "pan-frames": { type: "string", default: "120" },
    // Which maps to draw (three times each): the default folded one, every service unfolded,
    // `clusters`: every cluster folded but every region open (the default before regions
    // folded, for fleets above AUTO_COLLAPSE_CLUSTERS).
    views: { type: "string", default: "folded,unfolded" },
    // The fleet's size (bench/lib/topology-fleet.ts sizeFor): 40 is the 2,000-node default.
    clusters: { type: "string", default: String(DEFAULT_SIZE.clusters) },
    // A database seeded once by name and reused (big fleets take minutes to seed).
    "keep-db": { type: "string" },
    // A checkout whose map is drawn beside this one's, interleaved (views `base-<view>`).
    "baseline-root": { type: "string" },
  },
});
const REQUESTS = Number(values.requests);
const PAN_STEPS = Number(values["pan-frames"]);
type View = "folded" | "unfolded" | "clusters";
const VIEWS = values.views
  .split(",")
  .filter((v): v is View => v === "folded" || v === "unfolded" || v === "clusters");
const ROOT = path.resolve(import.meta.dirname, "..");
const serverUrl = benchServerUrl();
const log = (msg: string) => console.error(`bench: ${msg}`);
const r2 = (v: number) => Math.round(v * 100) / 100;
const stats = (xs: number[]) => ({
  p50: r2(percentile(xs, 50)),
  p95: r2(percentile(xs, 95)),
  max: r2(Math.max(...xs)),
});

const database = await freshDatabase(serverUrl, "i7_bench", values["keep-db"]);
process.env.DATABASE_URL = database.url;
process.env.MERIDIAN_DB_POOL_MAX = "10";
process.env.NEXTAUTH_SECRET = "bench-secret-0123456789abcdef";
const { db } = await import("../lib/store/client");
const { loadTopologyInventory } = await import("../lib/services/inventory/catalog");
const { createTopologyService } = await import("../lib/services/inventory/topology");
const route = await import("../app/api/v1/topology/route");
const { call, userWithToken } = await import("../tests/helpers/api");

const size = sizeFor(Number(values.clusters));
const fleet = topologyFleet(size);
const calls = topologyCalls(fleet, size);
let seedMs = 0;
if (!database.reused || (await db().cluster.count()) === 0) {
  log(`seeding ${fleet.length} clusters`);
  seedMs = await seedTopologyFleet(fleet);
}
const token = (await userWithToken("viewer")).token;

// The route's service, with the generated edges behind the `calls` boundary.
const slot = globalThis as unknown as { meridianTopology?: unknown };
const generatedCalls = async () => ({
  configured: true,
  sources: ["generated"],
  calls,
  errors: [],
});
async function measure(
  ttlMs: number,
  search = "",
): Promise<{ ms: number[]; bytes: number; body: unknown }> {
  slot.meridianTopology = createTopologyService({
    inventory: loadTopologyInventory,
    calls: generatedCalls,
    ttlMs,
  });
  const ms: number[] = [];
  let bytes = 0;
  let body: unknown;
  for (let i = 0; i < REQUESTS + 3; i++) {
    const t = performance.now();
    const res = await route.GET(
      new (await import("next/server")).NextRequest(`http://localhost/api/v1/topology${search}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      { params: Promise.resolve({}) },
    );
    const text = await res.text();
    const took = performance.now() - t;
    if (res.status !== 200)
      throw new Error(`topology answered ${res.status}: ${text.slice(0, 200)}`);
    bytes = text.length;
    if (i >= 3) ms.push(took); // 3 warm-up requests (JIT)
    if (i === 0) body = JSON.parse(text);
  }
  return { ms, bytes, body };
}
log("measuring the API");
const uncached = await measure(0);
const cached = await measure(5_000);
const folded = await measure(5_000, "?collapse=auto");
// Every cluster folded, every region open: what `auto` drew before it folded regions.
const regionIds = [...new Set(fleet.map((c) => `region:${c.region}`))].join(",");
const clustersFolded = VIEWS.includes("clusters")
  ? await measure(5_000, `?collapse=auto&expand=${encodeURIComponent(regionIds)}`)
  : null;
const filtered = await (async () => {
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await call(route.GET, "GET", "/api/v1/topology", {
      token,
      search: { region: "region-1", errors: "true" },
    });
    if (res.status !== 200) throw new Error(`filtered answered ${res.status}`);
    ms.push(performance.now() - t);
  }
  return ms;
})();
type Answer = { nodes: unknown[]; edges: { kind: string }[] };
const graph = uncached.body as Answer;
const foldedGraph = folded.body as Answer;
const counted = (g: Answer) => ({
  nodes: g.nodes.length,
  callEdges: g.edges.filter((e) => e.kind === "call").length,
  memberEdges: g.edges.filter((e) => e.kind === "member").length,
});

// Browser: bundle the harness, serve it with the graph, open it in Chromium. The page has no
// Tailwind: the few classes TopologyCanvas's container uses are given here, or the canvas
// would be 0 px tall (and draw nothing).
log("bundling the browser harness");
const dir = mkdtempSync(path.join(tmpdir(), "i7-topology-bench-"));
const BASELINE = values["baseline-root"] ? path.resolve(values["baseline-root"]) : null;
const bundle = (root: string, out: string) =>
  build({
    entryPoints: [path.join(root, "bench/lib/topology-harness.tsx")],
    bundle: true,
    format: "esm",
    outfile: path.join(dir, out),
    alias: { "@": root },
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    // Profiles are for reading: keep cytoscape's function names then.
    minify: !process.env.BENCH_PROFILE_DIR,
    logLevel: "error",
  });
await bundle(ROOT, "harness.js");
if (BASELINE) await bundle(BASELINE, "base.js");
const pageOf = (script: string) =>
  `<!doctype html><html><head><style>.absolute{position:absolute}.inset-0{inset:0}.h-full{height:100%}.w-full{width:100%}</style></head><body style="margin:0"><div id="root" style="position:relative;width:100vw;height:100vh"></div><script>window.__MERIDIAN_TEST_HOOKS__=true</script><script type="module" src="/${script}"></script></body></html>`;
const files: Record<string, [string, string | Buffer]> = {
  "/": ["text/html", pageOf("harness.js")],
  "/harness.js": ["text/javascript", readFileSync(path.join(dir, "harness.js"))],
  ...(BASELINE
    ? {
        "/base": ["text/html", pageOf("base.js")] as const,
        "/base.js": ["text/javascript", readFileSync(path.join(dir, "base.js"))] as const,
      }
    : {}),
  "/graph.json": ["application/json", JSON.stringify(uncached.body)],
  "/folded.json": ["application/json", JSON.stringify(folded.body)],
  ...(clustersFolded
    ? { "/clusters.json": ["application/json", JSON.stringify(clustersFolded.body)] as const }
    : {}),
};
const server = createServer((req, res) => {
  const f = files[(req.url ?? "").split("?")[0]!];
  if (!f) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": f[0] }).end(f[1]);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
// Per view: first paints, navigation start to the graph's JSON parsed (page, bundle and
// fetch: the rest is drawing), pan frame times, and the renderer.
type Drawn = { paints: number[]; fetched: number[]; frames: number[]; renderer?: string };
const drawnBy = new Map<string, Drawn>();
// --baseline-root DIR: the same views drawn by DIR's map (e.g. a worktree of main), interleaved
// with this one's, so both see the same machine: views named `base-<view>`.
const RUN_VIEWS = [...VIEWS, ...(BASELINE ? VIEWS.map((v) => `base-${v}`) : [])];
const RUNS = RUN_VIEWS.length * 3;
for (let run = 0; run < RUNS; run++) {
  // Runs alternate between the views.
  const name = RUN_VIEWS[run % RUN_VIEWS.length]!;
  const view = name.replace(/^base-/, "") as View;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // tsx names the functions passed to page.evaluate with an `__name` helper the page lacks.
  await page.addInitScript("window.__name = (f) => f");
  // BENCH_PROFILE_DIR=dir: a CPU profile of the page for the first run of each kind.
  const profiling = process.env.BENCH_PROFILE_DIR && run < RUN_VIEWS.length;
  const cdp = profiling ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  const html = name.startsWith("base-") ? "base" : "";
  await page.goto(`http://127.0.0.1:${port}/${html}${view === "unfolded" ? "" : `#${view}`}`);
  await page.waitForFunction(() => window.__benchReady !== undefined, null, { timeout: 120_000 });
  if (cdp) {
    const { profile } = await cdp.send("Profiler.stop");
    const file = path.join(process.env.BENCH_PROFILE_DIR!, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    log(`wrote ${file}`);
  }
  const ready = await page.evaluate(() => window.__benchReady!);
  // BENCH_SCREENSHOT_DIR=dir: what the first run of each view drew, to look at.
  if (process.env.BENCH_SCREENSHOT_DIR && run < RUN_VIEWS.length) {
    const shot = (file: string) =>
      page.screenshot({ path: path.join(process.env.BENCH_SCREENSHOT_DIR!, `${file}.png`) });
    await shot(name);
    // And zoomed in on the first cluster, as the map's search shows it.
    await page.evaluate(() => window.__benchFocus!("cluster:c-000"));
    await page.waitForTimeout(800);
    await shot(`${name}-zoomed`);
    // And in the dark theme, and on a phone (390 px wide).
    for (const [suffix, query, width] of [
      ["dark", "?theme=dark", 1280],
      ["390", "", 390],
    ] as const) {
      const other = await browser.newPage({ viewport: { width, height: 800 } });
      await other.addInitScript("window.__name = (f) => f");
      await other.goto(
        `http://127.0.0.1:${port}/${html}${query}${view === "unfolded" ? "" : `#${view}`}`,
      );
      await other.waitForFunction(() => window.__benchReady !== undefined, null, {
        timeout: 120_000,
      });
      await other.screenshot({
        path: path.join(process.env.BENCH_SCREENSHOT_DIR!, `${name}-${suffix}.png`),
      });
      await other.close();
    }
  }
  const d = drawnBy.get(name) ?? { paints: [], fetched: [], frames: [] };
  drawnBy.set(name, d);
  d.paints.push(ready.drawnMs);
  d.fetched.push(ready.fetchedMs);
  // The last run of each view also pans.
  if (run >= RUNS - RUN_VIEWS.length) {
    d.renderer = await page.evaluate(() => window.__meridianTopology!.renderer());
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[] };
      w.__frames = [];
      let last = performance.now();
      const tick = (t: number) => {
        w.__frames.push(t - last);
        last = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(640, 400);
    await page.mouse.down();
    for (let i = 0; i < PAN_STEPS; i++) {
      await page.mouse.move(640 + 300 * Math.sin(i / 10), 400 + 150 * Math.cos(i / 13));
    }
    await page.mouse.up();
    d.frames = await page.evaluate(() =>
      (window as unknown as { __frames: number[] }).__frames.slice(1),
    );
  }
  await page.close();
}
await browser.close();
server.close();
rmSync(dir, { recursive: true, force: true });
await db().$disconnect();
await database.drop();

const views = Object.fromEntries(
  [...drawnBy].map(([name, d]) => [
    name,
    {
      renderer: d.renderer,
      firstPaintMs: stats(d.paints),
      fetchedMs: stats(d.fetched),
      panFrameMs: d.frames.length ? stats(d.frames) : null,
      panFrames: d.frames.length,
    },
  ]),
);
const result = {
  fleet: {
    ...counted(graph),
    clusters: size.clusters,
    folded: counted(foldedGraph),
    ...(clustersFolded ? { clustersFolded: counted(clustersFolded.body as Answer) } : {}),
    seedMs: Math.round(seedMs),
  },
  api: {
    responseBytes: uncached.bytes,
    uncachedMs: stats(uncached.ms),
    cachedMs: stats(cached.ms),
    foldedResponseBytes: folded.bytes,
    foldedCachedMs: stats(folded.ms),
    ...(clustersFolded
      ? {
          clustersFoldedResponseBytes: clustersFolded.bytes,
          clustersFoldedCachedMs: stats(clustersFolded.ms),
        }
      : {}),
    filteredCachedMs: stats(filtered),
    goalP95Ms: 300,
  },
  // Per view (folded: the map's default; unfolded: every service; clusters: every cluster
  // folded in open regions; base-*: the --baseline-root map): first paint, pan frame times.
  browser: { goalFirstPaintMs: 2000, views },
  node: process.version,
};
console.log(JSON.stringify(result, null, 2));
