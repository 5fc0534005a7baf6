// Fault test: the agent dies at a random point in the middle of an apply; a restarted agent
// converges the cluster to exactly the desired set — no orphans, no duplicates.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as clusterDesired from "@/app/api/v1/clusters/[name]/desired/route";
import { Agent } from "@/agent/src/agent";
import type { ResourceWriter } from "@/agent/src/cluster-interfaces";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import { SILENT_LOG } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { SimulatedCluster } from "@/agent/src/simulated/simulated-cluster";
import type { DesiredResource } from "@/lib/agent-protocol/messages";
import { db } from "@/lib/store/client";
import { createJoinToken } from "@/lib/services/agents/access";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { call, userWithToken } from "../helpers/api";
import { resetDatabase } from "../helpers/db";
import { inProcessFetch } from "../helpers/in-process-fetch";

const SYSTEM = { type: "system", label: "test" } as const;
const cm = (name: string, v: number) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: "x" },
  data: { v: String(v) },
});

/** Dies after writing `k` objects of a set: the process is gone, nothing after it runs. */
class DyingWriter implements ResourceWriter {
  died = false;
  constructor(
    private readonly sim: SimulatedCluster,
    private readonly k: number,
  ) {}
  async apply(desired: DesiredResource[]): Promise<never> {
    for (const r of desired.slice(0, this.k)) {
      this.sim.owned.set(
        `${r.apiVersion}/${r.kind}/${r.metadata.namespace ?? ""}/${r.metadata.name}`,
        r,
      );
    }
    this.died = true;
    throw new Error("agent killed mid-apply");
  }
}

describe("agent killed mid-apply", () => {
  let admin: string;
  const fetchImpl = inProcessFetch();
  const creds = memoryCredentialStore();
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    const c = await createCluster({ name: "crash-1", region: "r" }, SYSTEM);
    await updateCluster("crash-1", { version: c.version, state: "live" }, SYSTEM);
  });

  const agentFor = (sim: SimulatedCluster, writer: ResourceWriter, joinToken?: string) =>
    new Agent({
      client: new MeridianClient("http://meridian.test", { fetch: fetchImpl }),
      inventory: sim,
      writer,
      credentials: creds,
      joinToken,
      info: { version: "t", hostname: "h", simulated: true },
      log: SILENT_LOG,
      longPollSeconds: 2,
    });

  it("converges to exactly the desired set after a restart, wherever it died", async () => {
    const sim = new SimulatedCluster({ services: [], meshes: [] });
    let round = 0;
    let joinToken: string | undefined = (await createJoinToken("crash-1", SYSTEM)).token;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 14 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 10 }),
        async (ids, k) => {
          round += 1;
          const desired = ids.map((i) => cm(`cm-${i}`, round));
          const put = await call(clusterDesired.PUT, "PUT", "/x", {
            token: admin,
            params: { name: "crash-1" },
            body: { resources: desired },
          });
          const generation = (put.body as { generation: number }).generation;
          // First life: dies after k writes (leaving a half-applied set and stale objects).
          const dying = new DyingWriter(sim, k);
          const first = agentFor(sim, dying, joinToken);
          joinToken = undefined; // registered once; the credential store keeps the credential
          await first.start();
          const deadline = Date.now() + 5000;
          while (!dying.died && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
          await first.stop();
          // Second life: a normal agent on the same cluster converges.
          const second = agentFor(sim, sim);
          await second.start();
          while (second.observedGeneration < generation && Date.now() < deadline + 10_000) {
            await new Promise((r) => setTimeout(r, 5));
          }
          await second.stop();
          expect(second.observedGeneration).toBe(generation);
          expect([...sim.owned.keys()].sort()).toEqual(
            ids.map((i) => `v1/ConfigMap/x/cm-${i}`).sort(),
          );
          for (const r of sim.owned.values())
            expect((r as unknown as { data: { v: string } }).data.v).toBe(String(round));
          const observed = await db().observedState.findUniqueOrThrow({
            where: { clusterName: "crash-1" },
          });
          expect(observed.generation).toBe(generation);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
