// What newer agents report about a mesh (issue 20: Istio cluster id and network, DNS proxy,
// data plane mode, besides the version) is stored and reaches the planning inventory; an old
// agent's snapshot without them stays valid and reads as unknown.
import { beforeAll, describe, expect, it } from "vitest";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { seedDemoFleet } from "@/lib/services/demo-seed";
import { applyClusterSnapshot } from "@/lib/services/inventory";
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

    await applyClusterSnapshot("east-1", east1.snapshot, SYSTEM);
    const old = (await loadInventory()).clusters.find((c) => c.name === "east-1")!;
    expect(old.meshClusterId).toBeUndefined();
    expect(old.dnsProxy).toBeUndefined();
    expect(old.meshVersion).toBe(mesh.version);
  });
});
