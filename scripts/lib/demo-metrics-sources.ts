// Registers the demo's Prometheus servers as Meridian metrics sources through the same
// functions the API uses (SSRF check included; the demo allow-lists 127.0.0.1 because its
// Prometheus servers run on this machine).
import type { Actor } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import {
  createMetricsSource,
  deleteMetricsSource,
  getAllowList,
  listMetricsSources,
  setAllowList,
  updateMetricsSource,
} from "@/lib/db/metrics-sources";

import { DEMO_SOURCE_PREFIX, type DemoMetrics } from "./demo-metrics";

const ACTOR: Actor = { type: "system", label: "demo" };
const LOOPBACK = "127.0.0.1/32";

/** Points `demo-*` sources at the running servers, or removes them when none run. */
export async function registerDemoSources(metrics: DemoMetrics | null): Promise<void> {
  try {
    const existing = new Map(
      (await listMetricsSources())
        .filter((s) => s.name.startsWith(DEMO_SOURCE_PREFIX))
        .map((s) => [s.name, s]),
    );
    if (!metrics) {
      for (const s of existing.values()) await deleteMetricsSource(s.id, ACTOR);
      return;
    }
    const allow = await getAllowList();
    if (!allow.includes(LOOPBACK)) await setAllowList([...allow, LOOPBACK], ACTOR);
    const wanted = [
      {
        name: `${DEMO_SOURCE_PREFIX}federated`,
        url: metrics.global.url,
        scope: "global" as const,
        clusterName: null,
      },
      ...metrics.clusters.map((c) => ({
        name: `${DEMO_SOURCE_PREFIX}${c.name}`,
        url: c.url,
        scope: "cluster" as const,
        clusterName: c.name,
      })),
    ];
    for (const w of wanted) {
      const have = existing.get(w.name);
      const fields = { url: w.url, scope: w.scope, clusterName: w.clusterName };
      if (have) await updateMetricsSource(have.id, { ...fields, enabled: true }, ACTOR);
      else
        await createMetricsSource(
          { name: w.name, kind: "prometheus", auth: { type: "none" }, enabled: true, ...fields },
          ACTOR,
        );
    }
  } finally {
    // The embedded database serves one connection: hand it back before the app starts.
    await db().$disconnect();
  }
}
