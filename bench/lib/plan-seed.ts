// Seeds the planning benchmark's database with bench/lib/compile-fleet.ts: clusters and inventory
// through the real paths (createCluster, applyClusterSnapshot), intent bulk-inserted, and every
// cluster's desired state compiled by lib/meshes and written by writeDesiredState.
// Intent is bulk-inserted because the seed is not what is measured: applying it through
// applyChanges would also compile and store every cluster's plan (bench/plan.ts measures a
// fleet-wide apply on its own, in its "apply" scenario).
import { syntheticFleet } from "./compile-fleet";

const actor = { type: "system", label: "bench" } as const;

/** Seed `clusters` × `services`; returns the time of each half in ms. */
export async function seedPlanFleet(
  clusters: number,
  services: number,
): Promise<{ inventoryMs: number; intentMs: number }> {
  const { db } = await import("../../lib/store/client");
  const { createCluster } = await import("../../lib/services/inventory/clusters");
  const { applyClusterSnapshot } = await import("../../lib/services/agents/inventory");
  const { loadIntent, loadInventory } = await import("../../lib/store/intent");
  const { writeDesiredState } = await import("../../lib/store/desired-state");
  const { fleetIntentOf } = await import("../../lib/domain/intent-change");
  const { compileClusters } = await import("../../lib/meshes");
  const { fleet, intent } = syntheticFleet(clusters, services);
  const t0 = performance.now();
  for (const c of fleet.clusters) {
    await createCluster(
      { name: c.name, region: c.region, zone: c.zone, network: c.network },
      actor,
      {
        simulated: true,
      },
    );
    const mesh = {
      type: c.mesh,
      version: "1",
      trustDomain: c.trustDomain,
      rootCaFingerprint: c.rootCaFingerprint,
    };
    await applyClusterSnapshot(
      c.name,
      {
        meshes: c.mesh === "none" ? [] : [mesh],
        services: c.services.map((s) => ({
          namespace: s.namespace,
          name: s.name,
          type: s.type,
          ports: s.ports,
          labels: s.labels,
          endpointsByZone: { a: s.endpoints },
        })),
      },
      actor,
    );
  }
  const t1 = performance.now();
  const ids = new Map(
    (await db().globalService.findMany({ select: { id: true, namespace: true, name: true } })).map(
      (g) => [`${g.namespace}/${g.name}`, g.id],
    ),
  );
  const id = (s: { namespace: string; name: string }) => ids.get(`${s.namespace}/${s.name}`)!;
  const rows = (pick: (s: (typeof intent.services)[number]) => string[]) =>
    intent.services.flatMap((s) =>
      pick(s).map((clusterName) => ({ globalServiceId: id(s), clusterName, enabled: true })),
    );
  await db().serviceExport.createMany({ data: rows((s) => s.exports) });
  await db().serviceImport.createMany({ data: rows((s) => s.imports) });
  await db().failoverPolicy.createMany({
    data: intent.services.flatMap((s) =>
      s.failover
        ? [
            {
              globalServiceId: id(s),
              enabled: true,
              tiers: s.failover.tiers,
              consecutive5xx: s.failover.outlierDetection.consecutive5xxErrors,
              interval: s.failover.outlierDetection.interval,
              baseEjectionTime: s.failover.outlierDetection.baseEjectionTime,
              maxEjectionPercent: s.failover.outlierDetection.maxEjectionPercent,
            },
          ]
        : [],
    ),
  });
  for (const s of intent.services)
    if (s.trafficWeights || s.access)
      await db().globalService.update({
        where: { id: id(s) },
        data: { trafficWeights: s.trafficWeights, access: s.access },
      });
  const stored = await loadIntent();
  const inventory = await loadInventory();
  const compiled = compileClusters(
    fleetIntentOf(stored),
    inventory,
    inventory.clusters.map((c) => c.name),
  );
  await db().$transaction(
    async (tx) => {
      for (const [name, c] of Object.entries(compiled.clusters))
        await writeDesiredState(tx, name, c.resources);
    },
    { timeout: 120_000 },
  );
  return { inventoryMs: t1 - t0, intentMs: performance.now() - t1 };
}
