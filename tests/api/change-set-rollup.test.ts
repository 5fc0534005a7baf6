// A change set's overall status follows its clusters even when their agents acknowledge at the
// same moment: each acknowledgement's roll-up runs as the status route runs it, concurrently,
// and the last one must see every cluster (a roll-up that read before another cluster's
// acknowledgement must not overwrite the roll-up that read after it).
import { beforeAll, describe, expect, it } from "vitest";
import type { ResourceResult } from "@/lib/agent-protocol/messages";
import { acceptStatus } from "@/lib/services/agents/reports";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";

const CLUSTERS = Array.from({ length: 40 }, (_, i) => `c-${String(i).padStart(2, "0")}`);
const ROUNDS = 15;
const FAILURE: ResourceResult = {
  apiVersion: "v1",
  kind: "ConfigMap",
  namespace: "x",
  name: "y",
  result: "error",
  message: "denied",
};

/**
 * One acknowledgement as POST /api/agent/v1/status handles it, after `ticks` turns of the event
 * loop, so that acknowledgements land in different statements and their roll-ups interleave.
 */
async function acknowledge(cluster: string, generation: number, ticks: number, failed = false) {
  for (let i = 0; i < ticks; i++) await new Promise((resolve) => setImmediate(resolve));
  await acceptStatus(
    { clusterName: cluster, credentialId: "test" },
    { generation, results: failed ? [FAILURE] : [] },
  );
}

/** A pending change set over every cluster at `generation`. */
async function pendingChangeSet(round: number, generation: number): Promise<string> {
  await db().desiredState.updateMany({ data: { generation } });
  const changeSet = await db().changeSet.create({
    data: {
      title: `round ${round}`,
      clusters: { create: CLUSTERS.map((clusterName) => ({ clusterName, generation })) },
    },
  });
  return changeSet.id;
}

describe("change-set roll-up under concurrent acknowledgements", () => {
  beforeAll(async () => {
    await resetDatabase();
    for (const name of CLUSTERS) {
      await db().cluster.create({
        data: { name, displayName: name, region: "r", state: "live", desired: { create: {} } },
      });
    }
  });

  it("ends applied when every cluster acknowledges at once, round after round", async () => {
    const statuses: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const id = await pendingChangeSet(round, round);
      await Promise.all(CLUSTERS.map((c, i) => acknowledge(c, round, i % 8)));
      const row = await db().changeSet.findUniqueOrThrow({
        where: { id },
        include: { clusters: true },
      });
      expect(row.clusters.every((c) => c.status === "applied")).toBe(true);
      statuses.push(row.status);
    }
    expect(statuses).toEqual(Array<string>(ROUNDS).fill("applied"));
  }, 90_000); // 600 concurrent acknowledgements: a bound for a loaded 2-core machine, not a goal

  it("ends partial when one of them fails, and failed when all do", async () => {
    const partial = await pendingChangeSet(ROUNDS + 1, ROUNDS + 1);
    await Promise.all(CLUSTERS.map((c, i) => acknowledge(c, ROUNDS + 1, i % 8, i === 3)));
    expect((await db().changeSet.findUniqueOrThrow({ where: { id: partial } })).status).toBe(
      "partial",
    );
    const failed = await pendingChangeSet(ROUNDS + 2, ROUNDS + 2);
    await Promise.all(CLUSTERS.map((c, i) => acknowledge(c, ROUNDS + 2, i % 8, true)));
    expect((await db().changeSet.findUniqueOrThrow({ where: { id: failed } })).status).toBe(
      "failed",
    );
  });

  it("catches up a roll-up lost after the acknowledgement was written when the agent resends", async () => {
    const id = await pendingChangeSet(ROUNDS + 3, ROUNDS + 3);
    await Promise.all(CLUSTERS.map((c, i) => acknowledge(c, ROUNDS + 3, i % 8)));
    // Every acknowledgement written, but the last roll-up lost (the app stopped between the two,
    // or the roll-up failed and the agent got a 5xx): the change set is left pending.
    await db().changeSet.update({ where: { id }, data: { status: "pending" } });
    // The agent resends the same acknowledgement: no cluster row moves, yet the change set
    // catches up.
    await acknowledge(CLUSTERS.at(-1)!, ROUNDS + 3, 0);
    expect((await db().changeSet.findUniqueOrThrow({ where: { id } })).status).toBe("applied");
  });

  it("leaves a rolled-back change set rolled back", async () => {
    const id = await pendingChangeSet(ROUNDS + 4, ROUNDS + 4);
    await db().changeSet.update({ where: { id }, data: { status: "rolled_back" } });
    await Promise.all(CLUSTERS.map((c, i) => acknowledge(c, ROUNDS + 4, i % 8)));
    expect((await db().changeSet.findUniqueOrThrow({ where: { id } })).status).toBe("rolled_back");
  });
});
