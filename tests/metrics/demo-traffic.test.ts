// The demo's traffic follows the intent (issue 36, defect 1): the generators `npm run demo`
// starts report cross-cluster calls only where a cluster imports the global service, and
// every cluster serves only the services it runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import type { IntentDto } from "@/lib/model/intent";
import { demoMetricsClusters, startDemoMetrics } from "@/scripts/lib/demo-metrics";

import { requirePrometheus } from "./prometheus-harness";

const dir = mkdtempSync(path.join(tmpdir(), "meridian-demo-traffic-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `source_cluster>destination_cluster/service` of every istio/linkerd series a generator serves. */
async function servedCalls(url: string): Promise<string[]> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const calls = new Set<string>();
  for (const line of text.split("\n")) {
    if (!/^(istio_requests_total|response_total)\{/.test(line)) continue;
    const label = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(line)?.[1] ?? "";
    const service = label("destination_service_name") || label("authority").replace(/\..*$/, "");
    calls.add(
      `${label("source_cluster")}>${label("destination_cluster")}/${service.replace(/\..*$/, "")}`,
    );
  }
  return [...calls].sort();
}

// The demo's seeded intent (lib/services/inventory/demo-seed.ts).
const RATINGS: IntentDto = {
  namespace: "bookinfo",
  name: "ratings",
  hostname: "ratings.bookinfo.global",
  version: 2,
  exports: ["east-2", "ratings-legacy"],
  imports: ["east-1"],
  failover: {
    tiers: [{ clusters: [{ name: "east-2" }] }, { clusters: [{ name: "ratings-legacy" }] }],
    outlierDetection: {
      consecutive5xxErrors: 5,
      interval: "10s",
      baseEjectionTime: "30s",
      maxEjectionPercent: 100,
    },
  },
  trafficWeights: null,
  access: null,
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the demo's traffic generators", () => {
  it("send traffic across clusters only where the intent imports a service", async () => {
    requirePrometheus();
    const clusters = await demoMetricsClusters();
    // The VM site has a generator of its own: it serves ratings (defect 6).
    expect(clusters.map((c) => c.name)).toEqual(["east-1", "east-2", "west-1", "ratings-legacy"]);
    const metrics = await startDemoMetrics({
      stateDir: dir,
      clusters,
      intents: [],
      controlPort: 0,
      say: () => undefined,
    });
    const served = async () => {
      await wait(400);
      const out = new Map<string, string[]>();
      for (const c of metrics!.clusters) out.set(c.name, await servedCalls(c.generatorUrl));
      return out;
    };
    const crossingNow = async () => {
      // A counter that stopped rising stays in /metrics: compare the routes, then the counters.
      const routes = metrics!.traffic.routes();
      return routes
        .filter((e) => e.sourceCluster !== e.destinationCluster)
        .map((e) => `${e.sourceCluster}>${e.destinationCluster}/${e.destination} ${e.kind}`)
        .sort();
    };
    try {
      const before = await served();
      const crossing = [...before.values()].flat().filter((c) => {
        const [src, dst] = c.split(/[>/]/);
        return src !== dst;
      });
      // Without an import, nothing crosses; and east-1 runs no ratings.
      expect(crossing).toEqual([]);
      expect(before.get("east-1")).not.toContain("east-1>east-1/ratings");
      // Every generator serves only what its cluster runs, so a chart's series are the
      // clusters that serve the service (defect 6).
      for (const c of clusters) {
        const services = (before.get(c.name) ?? []).map((call) => call.split("/")[1]!);
        expect(
          services.filter((s) => !c.services.includes(s)),
          c.name,
        ).toEqual([]);
      }

      // The seeded import: east-1's reviews call ratings in east-2, by its global hostname.
      metrics!.traffic.setIntents([RATINGS]);
      expect(await crossingNow()).toEqual(["east-1>east-2/ratings imported"]);
      expect((await served()).get("east-2")).toContain("east-1>east-2/ratings");

      // The failure switch: east-2's ratings fail, and the calls follow the tiers to the VMs.
      const control = metrics!.traffic.controlUrl!;
      const fail = await fetch(`${control}/fail`, {
        method: "POST",
        body: JSON.stringify({ cluster: "east-2", service: "ratings", failed: true }),
      });
      expect(fail.status).toBe(200);
      expect(await crossingNow()).toEqual(["east-1>ratings-legacy/ratings imported"]);
      expect((await served()).get("ratings-legacy")).toContain("east-1>ratings-legacy/ratings");

      // One bypassing flow on request: west-1's productpage calls east-1's details unmanaged.
      await fetch(`${control}/bypass`, {
        method: "POST",
        body: JSON.stringify({ from: "west-1", service: "details", on: true }),
      });
      expect(await crossingNow()).toContain("west-1>east-1/details unmanaged");

      // Bad input is refused and changes nothing.
      const bad = await fetch(`${control}/fail`, {
        method: "POST",
        body: JSON.stringify({ cluster: "nowhere", service: "ratings", failed: true }),
      });
      expect(bad.status).toBe(400);
      await fetch(`${control}/reset`, { method: "POST" });
      expect(await crossingNow()).toEqual(["east-1>east-2/ratings imported"]);
    } finally {
      await metrics?.stop();
    }
  });
});
