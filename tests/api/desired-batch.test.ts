// Agents' desired-state reads of the same moment are batched into one query: each still gets
// exactly its own cluster's answer, and a pending or unknown cluster gets none. Writes of many
// clusters go out as one batch: only changed sets move their generation.
import { beforeAll, describe, expect, it } from "vitest";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { replaceDesiredResources } from "@/lib/services/sharing/cluster-state";
import { acceptStatus } from "@/lib/services/agents/reports";
import { db } from "@/lib/store/client";
import { readDesiredStateForAgent, writeDesiredStates } from "@/lib/store/desired-state";
import { resetDatabase } from "../helpers/db";

const SYSTEM = { type: "system", label: "test" } as const;
const cm = (name: string) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: "default" },
  data: { owner: name },
});

describe("batched desired-state reads", () => {
  const live = Array.from({ length: 12 }, (_, i) => `live-${i}`);
  beforeAll(async () => {
    await resetDatabase();
    for (const [i, name] of live.entries()) {
      const c = await createCluster({ name, region: "r" }, SYSTEM);
      await updateCluster(name, { version: c.version, state: "live" }, SYSTEM);
      // Cluster i gets i+1 generations, so generations differ between clusters.
      for (let g = 0; g <= i; g++)
        await replaceDesiredResources(name, [cm(`${name}-${g}`)], SYSTEM);
    }
    await createCluster({ name: "waiting", region: "r" }, SYSTEM);
    await replaceDesiredResources("waiting", [cm("held-back")], SYSTEM);
  });

  it("answers each concurrent reader with its own cluster", async () => {
    const names = [...live, ...live, "waiting", "unknown"];
    const answers = await Promise.all(names.map((n) => readDesiredStateForAgent(n)));
    for (const [k, name] of names.entries()) {
      const answer = answers[k];
      if (name === "waiting" || name === "unknown") {
        expect(answer).toBeNull();
        continue;
      }
      const i = live.indexOf(name);
      expect(answer?.generation).toBe(i + 1);
      expect(answer?.resources.map((r) => r.metadata.name)).toEqual([`${name}-${i}`]);
    }
  });

  it("sees a change committed before the read", async () => {
    await replaceDesiredResources("live-0", [cm("fresh")], SYSTEM);
    const [a, b] = await Promise.all([
      readDesiredStateForAgent("live-0"),
      readDesiredStateForAgent("live-1"),
    ]);
    expect(a?.resources.map((r) => r.metadata.name)).toEqual(["fresh"]);
    expect(b?.generation).toBe(2);
  });

  it("writes many clusters at once: changed sets move one generation, unchanged ones none", async () => {
    const before = await Promise.all(live.map((n) => readDesiredStateForAgent(n)));
    // live-2 gets the set it already has; the others a new one; live-11 is left out.
    const writes = live.slice(0, 11).map((clusterName, i) => ({
      clusterName,
      resources: i === 2 ? before[2]!.resources : [cm(`${clusterName}-batch`), cm("shared")],
    }));
    const written = await db().$transaction((tx) => writeDesiredStates(tx, writes));
    expect(written.size).toBe(11);
    for (const [i, name] of live.entries()) {
      const now = await readDesiredStateForAgent(name);
      const was = before[i]!.generation;
      const changed = i !== 2 && i !== 11;
      expect(now?.generation).toBe(changed ? was + 1 : was);
      if (i < 11) expect(written.get(name)).toEqual({ generation: now?.generation, changed });
      if (changed)
        expect(now?.resources.map((r) => r.metadata.name)).toEqual([`${name}-batch`, "shared"]);
      else expect(now?.resources).toEqual(before[i]!.resources);
    }
    expect(await db().$transaction((tx) => writeDesiredStates(tx, []))).toEqual(new Map());
  });

  it("acknowledgements of the same moment share a statement; an unknown generation is refused alone", async () => {
    const desired = await Promise.all(live.map((n) => readDesiredStateForAgent(n)));
    const ack = (name: string, generation: number, failed = false) =>
      acceptStatus(
        { clusterName: name, credentialId: "test" },
        {
          generation,
          results: [
            {
              apiVersion: "v1",
              kind: "ConfigMap",
              namespace: "default",
              name: "x",
              result: failed ? "conflict" : "applied",
              message: failed ? "owned by kubectl" : "",
            },
          ],
        },
      ).then(
        () => "accepted",
        (e: { kind?: string; code?: string }) => `${e.kind}:${e.code}`,
      );
    const outcomes = await Promise.all([
      ...live.slice(0, 6).map((n, i) => ack(n, desired[i]!.generation, i === 1)),
      ack("live-6", desired[6]!.generation + 5), // never issued
      ack("live-0", desired[0]!.generation), // the same cluster twice: the next batch
    ]);
    expect(outcomes).toEqual([
      ...Array(6).fill("accepted"),
      "conflict:unknown_generation",
      "accepted",
    ]);
    const observed = await db().observedState.findMany({ orderBy: { clusterName: "asc" } });
    expect(observed.map((o) => `${o.clusterName}:${o.generation}`)).toEqual(
      live
        .slice(0, 6)
        .map((n, i) => `${n}:${desired[i]!.generation}`)
        .sort(),
    );
    const failed = observed.find((o) => o.clusterName === "live-1");
    expect(JSON.stringify(failed?.results)).toContain("owned by kubectl");
  });
});
