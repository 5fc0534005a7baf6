// Registers the demo's Prometheus servers as Meridian metrics sources through the same
// functions the API uses (SSRF check included; the demo allow-lists 127.0.0.1 because its
// Prometheus servers run on this machine).
import type { Actor } from "@/lib/model/actor";
import { db } from "@/lib/store/client";
import {
  createMetricsSource,
  deleteMetricsSource,
  listMetricsSources,
  updateMetricsSource,
} from "@/lib/services/fleet-metrics/metrics-sources";
import { getAllowList, setAllowList } from "@/lib/services/fleet-metrics/allow-list";

import { DEMO_SOURCE_PREFIX, type DemoMetrics } from "./demo-metrics-running";

const ACTOR: Actor = { type: "system", label: "demo" };

/** One source the demo registers. */
export interface DemoSource {
  name: string;
  url: string;
  scope: "global" | "cluster";
  clusterName: string | null;
}

/** The sources for servers the demo started itself (all on 127.0.0.1). */
export function localDemoSources(metrics: DemoMetrics): DemoSource[] {
  return [
    {
      name: `${DEMO_SOURCE_PREFIX}federated`,
      url: metrics.global.url,
      scope: "global",
      clusterName: null,
    },
    ...metrics.clusters.map((c) => ({
      name: `${DEMO_SOURCE_PREFIX}${c.name}`,
      url: c.url,
      scope: "cluster" as const,
      clusterName: c.name,
    })),
  ];
}

/**
 * Points `demo-*` sources at the given servers (adding `allow` to the SSRF allow-list, as
 * the servers are on this machine or a private container network), or removes them when
 * there are none.
 */
export async function registerDemoSources(
  wanted: DemoSource[] | null,
  allow: string[],
): Promise<void> {
  try {
    const existing = new Map(
      (await listMetricsSources())
        .filter((s) => s.name.startsWith(DEMO_SOURCE_PREFIX))
        .map((s) => [s.name, s]),
    );
    if (!wanted) {
      for (const s of existing.values()) await deleteMetricsSource(s.id, ACTOR);
      return;
    }
    const current = await getAllowList();
    const missing = allow.filter((a) => !current.includes(a));
    if (missing.length) await setAllowList([...current, ...missing], ACTOR);
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
