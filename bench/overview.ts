// Benchmark: the overview page (/) of the built app at 2,000 clusters, in Chromium.
//   npm run build
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55432/postgres \
//     node --conditions=react-server --import tsx bench/overview.ts \
//     [--clusters 2000 --loads 6 --port 3920 --keep-db overview_2k --trace-dir /tmp]
// Seeds a fresh database with the topology benchmark's fleet scaled to `--clusters` (through
// applyClusterSnapshot, the agents' path; `--keep-db NAME` seeds a named database once and
// reuses it), starts the built app (`next start`), signs in through the login form (the
// credentials flow the e2e suite uses), then loads / `--loads` times in one browser context:
// the first load is cold (the app's first render of the page), the rest warm. Per load:
// TTFB (navigation timing responseStart − requestStart, and − startTime), LCP (a buffered
// PerformanceObserver), the document's bytes and the DOM's element count. The cold load and
// the first warm one are recorded as Chromium performance traces (files printed in the JSON).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { startApp } from "./lib/app-process";
import { benchServerUrl, freshDatabase } from "./lib/bench-database";
import { percentile } from "./lib/synthetic-fleet";
import { sizeFor, topologyFleet } from "./lib/topology-fleet";
import { seedTopologyFleet } from "./lib/topology-seed";

const { values } = parseArgs({
  options: {
    clusters: { type: "string", default: "2000" },
    loads: { type: "string", default: "6" },
    port: { type: "string", default: "3920" },
    "keep-db": { type: "string" },
    "trace-dir": { type: "string", default: "/tmp" },
  },
});
const CLUSTERS = Number(values.clusters);
const LOADS = Math.max(2, Number(values.loads));
const PORT = Number(values.port);
const log = (msg: string) => console.error(`bench: ${msg}`);
const r1 = (v: number) => Math.round(v * 10) / 10;
const stats = (xs: number[]) => ({
  p50: r1(percentile(xs, 50)),
  p95: r1(percentile(xs, 95)),
  max: r1(Math.max(...xs)),
});

const database = await freshDatabase(benchServerUrl(), "overview_bench", values["keep-db"]);
process.env.DATABASE_URL = database.url;
const { db } = await import("../lib/store/client");
const { createUser } = await import("../lib/services/access/users");
let seedMs: number | null = null;
const seeded = await db().cluster.count();
if (seeded === 0) {
  log(`seeding ${CLUSTERS} clusters`);
  seedMs = Math.round(await seedTopologyFleet(topologyFleet(sizeFor(CLUSTERS))));
} else if (seeded !== CLUSTERS) {
  throw new Error(`the kept database has ${seeded} clusters, not ${CLUSTERS}`);
}
const counts = { clusters: await db().cluster.count(), services: await db().service.count() };
const email = `overview-bench-${Date.now()}@bench.local`;
const password = "overview bench password 1";
await createUser({ email, password, role: "viewer" }, { type: "system", label: "bench" });
await db().$disconnect();

process.env.NEXTAUTH_URL = `http://127.0.0.1:${PORT}`;
log(`starting the app on ${PORT}`);
const app = await startApp(database.url, PORT);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
type Load = {
  ttfbMs: number;
  ttfbFromStartMs: number;
  lcpMs: number | null;
  lcpElement: string | null;
  domContentLoadedMs: number;
  loadMs: number;
  documentBytes: number;
  elements: number;
};
const loads: Load[] = [];
const traces: string[] = [];
try {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 1280, height: 800 },
  });
  // tsx names the functions passed to page.evaluate with an `__name` helper the page lacks.
  await context.addInitScript("window.__name = (f) => f");
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: { t: number; el: string }[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[])
        w.__lcp.push({
          t: e.startTime,
          el: e.element
            ? `${e.element.tagName.toLowerCase()}${e.element.id ? `#${e.element.id}` : ""} ${(e.element.textContent ?? "").trim().slice(0, 40)}`
            : "",
        });
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const signIn = await context.newPage();
  await signIn.goto("/login");
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill(password);
  await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
  await signIn.waitForURL((u) => !u.pathname.startsWith("/login"), { timeout: 120_000 });
  await signIn.close();
  mkdirSync(values["trace-dir"]!, { recursive: true });
  for (let i = 0; i < LOADS; i++) {
    const page = await context.newPage();
    const trace =
      i < 2
        ? path.join(
            values["trace-dir"]!,
            `overview-${i === 0 ? "cold" : "warm"}-${Date.now()}.json`,
          )
        : null;
    if (trace) await browser.startTracing(page, { path: trace, screenshots: true });
    await page.goto("/", { waitUntil: "load", timeout: 120_000 });
    if (new URL(page.url()).pathname !== "/")
      throw new Error(`the overview sent us to ${page.url()}`);
    // LCP candidates stop with the first input; the page is still, so let the last one land.
    await page.waitForTimeout(500);
    if (trace) {
      await browser.stopTracing();
      traces.push(trace);
    }
    loads.push(await measure(page));
    // BENCH_SAVE_HTML=file: the last load's document, to read what it carries.
    if (process.env.BENCH_SAVE_HTML && i === LOADS - 1)
      writeFileSync(process.env.BENCH_SAVE_HTML, await (await page.request.get("/")).text());
    await page.close();
  }
  // BENCH_SCREENSHOT_DIR=dir: the overview and the topology map at this fleet size, in the
  // light and dark themes and 390 px wide, to look at.
  const shots = process.env.BENCH_SCREENSHOT_DIR;
  if (shots) {
    for (const [suffix, scheme, width] of [
      ["light", "light", 1280],
      ["dark", "dark", 1280],
      ["390", "light", 390],
    ] as const) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, url] of [
        ["overview", "/"],
        ["topology", "/topology"],
      ] as const) {
        await page.goto(url, { waitUntil: "load", timeout: 120_000 });
        await page.waitForTimeout(1500);
        await page.screenshot({
          path: path.join(shots, `${name}-${suffix}.png`),
          fullPage: name === "overview" && width === 1280,
        });
      }
      await page.close();
    }
  }
  await context.close();
} finally {
  await browser.close();
  await app.stop();
  await database.drop();
}

async function measure(page: Page): Promise<Load> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const lcp = (window as unknown as { __lcp: { t: number; el: string }[] }).__lcp.at(-1);
    return {
      ttfbMs: nav.responseStart - nav.requestStart,
      ttfbFromStartMs: nav.responseStart - nav.startTime,
      lcpMs: lcp ? lcp.t : null,
      lcpElement: lcp ? lcp.el : null,
      domContentLoadedMs: nav.domContentLoadedEventEnd - nav.startTime,
      loadMs: nav.loadEventEnd - nav.startTime,
      documentBytes: nav.decodedBodySize,
      elements: document.getElementsByTagName("*").length,
    };
  });
}

const warm = loads.slice(1);
const lcps = warm.map((l) => l.lcpMs).filter((v): v is number => v !== null);
console.log(
  JSON.stringify(
    {
      fleet: { ...counts, seedMs, reused: database.reused },
      cold: loads[0],
      warm: {
        loads: warm.length,
        ttfbMs: stats(warm.map((l) => l.ttfbMs)),
        // Each load's, in order: which ones are slow.
        ttfbEachMs: warm.map((l) => r1(l.ttfbMs)),
        ttfbFromStartMs: stats(warm.map((l) => l.ttfbFromStartMs)),
        lcpMs: lcps.length ? stats(lcps) : null,
        lcpElement: warm.at(-1)?.lcpElement ?? null,
        documentBytes: warm.at(-1)?.documentBytes,
        elements: warm.at(-1)?.elements,
      },
      goals: { ttfbMs: 200, lcpMs: 1000 },
      traces,
      node: process.version,
    },
    null,
    2,
  ),
);
