// Compile benchmark: node --import tsx bench/compile.ts [--clusters 500] [--services 1000] [--runs 5]
// Prints one JSON object. Times validateIntent, compileFleet (cold = first run, then the
// median of --runs warm runs) and diffPlans after 1% of the intents change.
import os from "node:os";
import { parseArgs } from "node:util";

import { compileFleet, diffPlans, validateIntent, type FleetIntent } from "../lib/meshes/index";
import { syntheticFleet } from "./lib/compile-fleet";

const { values } = parseArgs({
  options: {
    clusters: { type: "string", default: "500" },
    services: { type: "string", default: "1000" },
    runs: { type: "string", default: "5" },
  },
});
const clusters = Number(values.clusters);
const globalServices = Number(values.services);
const runs = Number(values.runs);

const time = <T>(fn: () => T): [T, number] => {
  const start = process.hrtime.bigint();
  const out = fn();
  return [out, Number(process.hrtime.bigint() - start) / 1e6];
};
const round = (ms: number) => Math.round(ms * 10) / 10;

const { fleet, intent } = syntheticFleet(clusters, globalServices);
const [errors, validateMs] = time(() => validateIntent(intent, fleet));
if (errors.length)
  throw new Error(`synthetic intent is invalid: ${JSON.stringify(errors.slice(0, 3))}`);

const [first, coldMs] = time(() => compileFleet(intent, fleet));
const warm = Array.from({ length: runs }, () => time(() => compileFleet(intent, fleet))[1]).sort(
  (a, b) => a - b,
);
const ms = warm[Math.floor(warm.length / 2)] ?? coldMs;

// Plan: revoke the last exporter of every 100th service.
const changed: FleetIntent = {
  services: intent.services.map((s, i) =>
    i % 100 === 0
      ? { ...s, exports: s.exports.slice(0, 2), failover: undefined, trafficWeights: undefined }
      : s,
  ),
};
const next = compileFleet(changed, fleet);
const perCluster = (c: typeof first) =>
  Object.fromEntries(Object.entries(c.clusters).map(([k, v]) => [k, v.resources]));
const [plan, planDiffMs] = time(() => diffPlans(perCluster(first), perCluster(next)));
const planned = Object.values(plan).reduce(
  (n, p) => ({
    create: n.create + p.create.length,
    change: n.change + p.change.length,
    delete: n.delete + p.delete.length,
  }),
  { create: 0, change: 0, delete: 0 },
);

const resources = Object.values(first.clusters).reduce((n, c) => n + c.resources.length, 0);
console.log(
  JSON.stringify({
    clusters,
    globalServices,
    resources,
    warnings: first.warnings.length,
    ms: round(ms),
    coldMs: round(coldMs),
    warmRunsMs: warm.map(round),
    validateMs: round(validateMs),
    planDiffMs: round(planDiffMs),
    planned,
    node: process.version,
    cpus: os.cpus().length,
  }),
);
