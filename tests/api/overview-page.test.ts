// The Overview page's read at fleet scale: counts and per-region totals aggregated in SQL, and
// only a few clusters per region (those needing attention first) and a few stale ones read.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/store/client";
import { getOverview, getOverviewPage } from "@/lib/store/overview";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { applyClusterSnapshot } from "@/lib/services/agents/inventory";
import { resetDatabase } from "../helpers/db";

const SYSTEM = { type: "system", label: "test" } as const;
const DAY = 24 * 3600 * 1000;

async function cluster(
  name: string,
  region: string,
  opts: { live?: boolean; silentDays?: number } = {},
) {
  const created = await createCluster({ name, region }, SYSTEM, { simulated: true });
  if (opts.live !== false)
    await updateCluster(name, { version: created.version, state: "live" }, SYSTEM);
  await applyClusterSnapshot(
    name,
    {
      meshes: [
        { type: "istio", version: "1", trustDomain: "cluster.local", rootCaFingerprint: "" },
      ],
      services: [
        {
          namespace: "shop",
          name: `svc-${name}`,
          type: "ClusterIP",
          ports: [{ name: "http", port: 80, protocol: "TCP" }],
          labels: {},
          endpointsByZone: { a: { ready: 1, total: 2 } },
        },
      ],
    },
    SYSTEM,
  );
  if (opts.silentDays)
    await db().cluster.update({
      where: { name },
      data: { lastSeenAt: new Date(Date.now() - opts.silentDays * DAY) },
    });
}

describe("the Overview page's read", () => {
  beforeAll(async () => {
    await resetDatabase();
    for (let i = 0; i < 10; i++) {
      const name = `big-${String(i).padStart(2, "0")}`;
      // big-07 silent 3 days, big-08 silent 2 days, big-09 pending.
      await cluster(name, "r-big", {
        silentDays: i === 7 ? 3 : i === 8 ? 2 : undefined,
        live: i !== 9,
      });
    }
    await cluster("small-a", "r-small", { silentDays: 5 });
    await cluster("small-b", "r-small");
  });

  it("counts the whole fleet and shows a few clusters per region, needing attention first", async () => {
    const page = await getOverviewPage(4, 2);
    const full = await getOverview();
    expect(page.counts).toEqual(full.counts);
    expect(page.counts).toMatchObject({ clusters: 12, staleClusters: 3, pendingClusters: 1 });
    expect(page.regions.map((r) => [r.region, r.clusterCount, r.staleCount])).toEqual([
      ["r-big", 10, 2],
      ["r-small", 2, 1],
    ]);
    const big = page.regions[0]!;
    // Stale first, then the pending one, then by name; 4 of 10.
    expect(big.clusters.map((c) => c.name)).toEqual(["big-07", "big-08", "big-09", "big-00"]);
    expect(big.clusters[0]).toMatchObject({
      stale: true,
      serviceCount: 1,
      endpoints: { ready: 1, total: 2 },
    });
    expect(page.regions[1]!.clusters.map((c) => c.name)).toEqual(["small-a", "small-b"]);
  });

  it("names the longest-silent stale clusters and counts the rest", async () => {
    const page = await getOverviewPage(4, 2);
    expect(page.stale.total).toBe(3);
    expect(page.stale.clusters.map((c) => c.name)).toEqual(["small-a", "big-07"]);
  });
});
