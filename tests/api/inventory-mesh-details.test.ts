// What newer agents report about a mesh (issue 20: Istio cluster id and network, DNS proxy,
// data plane mode, besides the version) is stored and reaches the planning inventory; an old
// agent's snapshot without them stays valid and reads as unknown.
import { beforeAll, describe, expect, it } from "vitest";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { applyClusterDelta, applyClusterSnapshot } from "@/lib/services/agents/inventory";
import { readAlertFleet } from "@/lib/store/alert-fleet";
import { loadInventory } from "@/lib/store/intent";
import { resetDatabase } from "../helpers/db";

const SYSTEM = { type: "system", label: "test" } as const;

describe("mesh details from the agent's snapshot", () => {
  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
  });

  it("stores them and the planning inventory reads them; a snapshot without them clears them", async () => {
    const east1 = bookinfoFleet().find((c) => c.cluster.name === "east-1")!;
    const mesh = east1.snapshot.meshes[0]!;
    const detailed = {
      ...east1.snapshot,
      meshes: [
        {
          ...mesh,
          clusterId: "cl-east-1",
          network: "net-mesh",
          dnsProxy: { capture: true, autoAllocate: false },
          dataplaneMode: "sidecar" as const,
        },
      ],
    };
    await applyClusterSnapshot("east-1", detailed, SYSTEM);
    const cluster = (await loadInventory()).clusters.find((c) => c.name === "east-1")!;
    expect(cluster).toMatchObject({
      mesh: mesh.type,
      meshVersion: mesh.version,
      meshClusterId: "cl-east-1",
      dnsProxy: { capture: true, autoAllocate: false },
      dataplaneMode: "sidecar",
    });

    // An old agent's snapshot: the mesh without the details.
    const { clusterId: _c, dnsProxy: _d, network: _n, dataplaneMode: _m, ...bare } = mesh;
    await applyClusterSnapshot("east-1", { ...east1.snapshot, meshes: [bare] }, SYSTEM);
    const old = (await loadInventory()).clusters.find((c) => c.name === "east-1")!;
    expect(old.meshClusterId).toBeUndefined();
    expect(old.dnsProxy).toBeUndefined();
    expect(old.meshVersion).toBe(mesh.version);
  });

  it("stores the served API versions and Istio's serviceScopeConfigs, from snapshots and deltas, for planning (issue 20)", async () => {
    const east1 = bookinfoFleet().find((c) => c.cluster.name === "east-1")!;
    const scopes = [
      {
        servicesSelector: { matchLabels: { "istio.io/global": "true" } },
        scope: "GLOBAL" as const,
      },
    ];
    const apis = { "multicluster.x-k8s.io": ["v1alpha1", "v1beta1"] };
    await applyClusterSnapshot(
      "east-1",
      {
        ...east1.snapshot,
        servedApis: apis,
        meshes: [{ ...east1.snapshot.meshes[0]!, serviceScopeConfigs: scopes }],
      },
      SYSTEM,
    );
    let cluster = (await loadInventory()).clusters.find((c) => c.name === "east-1")!;
    expect(cluster.servedApis).toEqual(apis);
    expect(cluster.serviceScopeConfigs).toEqual(scopes);
    // A delta carries new served versions; one without them leaves them as they were.
    const more = { ...apis, "gateway.networking.k8s.io": ["v1"] };
    await applyClusterDelta("east-1", { upserts: [], deletes: [], servedApis: more }, SYSTEM);
    await applyClusterDelta("east-1", { upserts: [], deletes: [] }, SYSTEM);
    cluster = (await loadInventory()).clusters.find((c) => c.name === "east-1")!;
    expect(cluster.servedApis).toEqual(more);
    // The alert pipeline plans from the same inventory.
    const fleet = await readAlertFleet();
    expect(fleet.inventory.clusters.find((c) => c.name === "east-1")?.servedApis).toEqual(more);
  });
});
