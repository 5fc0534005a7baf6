// Benchmark: planning through POST /api/v1/plans at 500 clusters × 1,000 global services.
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55443/postgres \
//     node --conditions=react-server --import tsx bench/plan.ts [--clusters 500 --services 1000 --runs 7]
// Prints one JSON document. The fleet is bench/lib/compile-fleet.ts (five meshes, failover,
// weights, access lists), seeded into a fresh database by bench/lib/plan-seed.ts (inventory
// through the real paths, intent bulk-inserted, desired state compiled and stored). Each scenario then runs in a fresh Node process, so its
// first request is really cold (JIT, Prisma, pool), through the route handler in-process: API
// token (withAuth), zod request and response schemas, JSON.
// - oneService: one service loses an exporter (an export toggled off).
// - fleetWide: all 1,000 services lose their last importer in one plan (at 500 clusters every
//   cluster changes; at 2,000, 619 do).
// - everyCluster: every service is withdrawn from all its importers — every cluster that imports
//   anything changes (all 2,000 at --clusters 2000).
// - …FirstOfSessionMs: in another fresh process, the first plan after one GET /api/v1/intent
//   (what the operator's page does before it can plan).
// - apply: a fleet-wide change (--apply-scenario every|fleet, default every) applied
//   (POST /api/v1/change-sets), then rolled back.
// --keep keeps the seeded database; --seeded URL measures on it again without seeding.
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { migrateDeploy } from "../scripts/lib/migrate";
import { seedPlanFleet } from "./lib/plan-seed";
import { percentile } from "./lib/synthetic-fleet";

const { values } = parseArgs({
  options: {
    clusters: { type: "string", default: "500" },
    services: { type: "string", default: "1000" },
    runs: { type: "string", default: "7" },
    scenario: { type: "string" },
    database: { type: "string" },
    keep: { type: "boolean", default: false },
    // Reuse a database seeded by an earlier run with --keep (same --clusters/--services).
    seeded: { type: "string" },
    // Which fleet-wide change the apply scenario applies: "fleet" (last importers) or "every".
    "apply-scenario": { type: "string", default: "every" },
  },
});
const CLUSTERS = Number(values.clusters);
const SERVICES = Number(values.services);
const RUNS = Number(values.runs);
const log = (msg: string) => console.error(`bench: ${msg}`);
const r1 = (v: number) => Math.round(v * 10) / 10;

async function importDb(url: string) {
  process.env.DATABASE_URL = url;
  process.env.MERIDIAN_DB_POOL_MAX = "10";
  process.env.NEXTAUTH_SECRET = "bench-secret-0123456789abcdef";
  return {
    ...(await import("../lib/store/client")),
    ...(await import("../lib/store/intent")),
    ...(await import("../tests/helpers/api")),
  };
}

type ScenarioResult = { coldMs: number; warmMs: number[]; clusters: number; diffBytes: number };

/**
 * Child process: the fleet-wide change applied (POST /api/v1/change-sets: intent, every
 * affected cluster's desired set, change set and audit in one transaction), then rolled back.
 * Changes the database, so it runs last.
 */
async function runApply(url: string) {
  const { db, loadIntent, call, userWithToken } = await importDb(url);
  const changeSets = await import("../app/api/v1/change-sets/route");
  const rollback = await import("../app/api/v1/change-sets/[id]/rollback/route");
  const token = (await userWithToken("operator")).token;
  const changes = changesOf(values["apply-scenario"], await loadIntent());
  let t = performance.now();
  const applied = await call(changeSets.POST, "POST", "/api/v1/change-sets", {
    token,
    // The fleet gives every 50th cluster another trust root, so the plan has errors on purpose.
    body: { changes, acceptErrors: true },
  });
  const applyMs = performance.now() - t;
  if (applied.status !== 201)
    throw new Error(
      `apply answered ${applied.status}: ${JSON.stringify(applied.body).slice(0, 300)}`,
    );
  const set = applied.body as { id: string; clusters: unknown[] };
  t = performance.now();
  const undone = await call(rollback.POST, "POST", "/x", { token, params: { id: set.id } });
  const rollbackMs = performance.now() - t;
  if (undone.status !== 201)
    throw new Error(
      `rollback answered ${undone.status}: ${JSON.stringify(undone.body).slice(0, 300)}`,
    );
  await db().$disconnect();
  return { services: changes.length, clusters: set.clusters.length, applyMs, rollbackMs };
}

type Intent = Awaited<ReturnType<Awaited<ReturnType<typeof importDb>>["loadIntent"]>>;

/**
 * Every service with more than `keep` importers loses the others (and access for them): with
 * `keep` undefined its last importer only ("fleet": 619 of 2,000 clusters change), with 0 all of them
 * ("every": every cluster that imports anything changes — all 2,000 of the synthetic fleet).
 */
function fleetWideChanges(intent: Intent, keep?: number) {
  return intent
    .filter((s) => s.imports.length > (keep ?? 1))
    .map((s) => {
      const imports = s.imports.slice(0, keep ?? -1);
      return {
        namespace: s.namespace,
        name: s.name,
        version: s.version,
        imports,
        // An access list may not name a cluster that no longer imports.
        ...(s.access ? { access: s.access.filter((c) => imports.includes(c)) } : {}),
      };
    });
}
const changesOf = (scenario: string, intent: Intent) =>
  fleetWideChanges(intent, scenario.startsWith("every") ? 0 : undefined);

/** Child process: one scenario's plans against the seeded database, first request cold. */
async function runScenario(url: string, scenario: string): Promise<ScenarioResult> {
  const { db, loadIntent, call, userWithToken } = await importDb(url);
  const route = await import("../app/api/v1/plans/route");
  const token = (await userWithToken("operator")).token;
  // "…-session": the operator's page has loaded intent through the API first (auth, pool and
  // route warm), as it must before any plan — the first plan of a session, not of a process.
  if (scenario.endsWith("-session")) {
    const intentRoute = await import("../app/api/v1/intent/route");
    const page = await call(intentRoute.GET, "GET", "/api/v1/intent", {
      token,
      search: { limit: "50" },
    });
    if (page.status !== 200) throw new Error(`intent answered ${page.status}`);
  }
  const intent = await loadIntent();
  const changes = scenario.startsWith("one")
    ? [
        (({ namespace, name, version, exports }) => ({
          namespace,
          name,
          version,
          exports: exports.slice(1),
        }))(intent.find((s) => s.exports.length > 1 && !s.failover && !s.trafficWeights)!),
      ]
    : changesOf(scenario, intent);
  const times: number[] = [];
  let clusters = 0;
  let diffBytes = 0;
  for (let i = 0; i <= RUNS; i++) {
    const t = performance.now();
    const res = await call(route.POST, "POST", "/api/v1/plans", { token, body: { changes } });
    times.push(performance.now() - t);
    if (res.status !== 200)
      throw new Error(`plan answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    const plan = res.body as { clusters: { diff: string }[] };
    clusters = plan.clusters.length;
    diffBytes = plan.clusters.reduce((n, c) => n + c.diff.length, 0);
  }
  await db().$disconnect();
  return { coldMs: times[0]!, warmMs: times.slice(1), clusters, diffBytes };
}

if (values.scenario && values.database) {
  const run = values.scenario === "apply" ? runApply : runScenario;
  console.log(JSON.stringify(await run(values.database, values.scenario)));
  process.exit(0);
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    "bench: set BENCH_DATABASE_URL to a local Postgres server (scripts/ci/start-postgres.sh starts one)",
  );
  process.exit(1);
}
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const url = new URL(values.seeded ?? serverUrl);
const name = values.seeded ? url.pathname.slice(1) : `plan_bench_${Date.now()}`;
let seeded = { inventoryMs: 0, intentMs: 0 };
if (!values.seeded) {
  await admin.query(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  await migrateDeploy(url.toString());
}
const { db } = await importDb(url.toString());
if (!values.seeded) {
  log(`seeding ${CLUSTERS} clusters × ${SERVICES} global services`);
  seeded = await seedPlanFleet(CLUSTERS, SERVICES);
}
const counts = {
  clusters: await db().cluster.count(),
  globalServices: await db().globalService.count(),
  services: await db().service.count(),
  desiredResources: Number(
    (
      await db().$queryRaw<{ n: bigint }[]>`
      SELECT COALESCE(SUM(jsonb_array_length(resources)), 0)::bigint AS n FROM "DesiredState"`
    )[0]!.n,
  ),
};
await db().$disconnect();

function child(which: string): string {
  log(`measuring ${which}`);
  return execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      process.argv[1]!,
      "--scenario",
      which,
      "--database",
      url.toString(),
      "--runs",
      String(RUNS),
      "--apply-scenario",
      values["apply-scenario"],
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 },
  );
}
const lastLine = (out: string): unknown => JSON.parse(out.trim().split("\n").at(-1)!);

function scenario(which: string) {
  const r = lastLine(child(which)) as ScenarioResult;
  const out = {
    clusters: r.clusters,
    diffBytes: r.diffBytes,
    coldMs: r1(r.coldMs),
    warmMedianMs: r1(percentile(r.warmMs, 50)),
    warmMaxMs: r1(Math.max(...r.warmMs)),
  };
  // Said as soon as it is known: a later scenario that fails does not take it along.
  log(`${which}: ${JSON.stringify(out)}`);
  return out;
}
const oneService = scenario("one");
const fleetWide = scenario("fleet");
// Another fresh process: its first fleet-wide plan after the page loaded intent (cold code).
const fleetWideSession = scenario("fleet-session");
// Every cluster that imports anything changes (at 2,000 clusters "fleet" changes 619).
const everyCluster = scenario("every");
const everyClusterSession = scenario("every-session");
const apply = lastLine(child("apply")) as Awaited<ReturnType<typeof runApply>>;
if (values.keep || values.seeded) log(`kept ${url.toString()}`);
else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.end();

console.log(
  JSON.stringify(
    {
      fleet: {
        ...counts,
        seedInventoryMs: Math.round(seeded.inventoryMs),
        seedIntentMs: Math.round(seeded.intentMs),
      },
      oneService,
      fleetWide,
      fleetWideFirstOfSessionMs: fleetWideSession.coldMs,
      everyCluster,
      everyClusterFirstOfSessionMs: everyClusterSession.coldMs,
      apply: {
        change: values["apply-scenario"],
        services: apply.services,
        clusters: apply.clusters,
        applyMs: r1(apply.applyMs),
        rollbackMs: r1(apply.rollbackMs),
      },
      goalMs: 1000,
      runs: RUNS,
      node: process.version,
    },
    null,
    2,
  ),
);
