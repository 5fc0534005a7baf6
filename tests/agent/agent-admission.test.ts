// A real Agent (simulated cluster) against Meridian's real agent API whose inventory queue is
// full (issue 23): the agent's report gets 503 + Retry-After, the agent waits at least that
// long before it sends again, then succeeds; a delta refused as `saturated` is sent again as a
// delta, not as the whole inventory.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Agent } from "@/agent/src/agent";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import { SILENT_LOG } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { SimulatedCluster } from "@/agent/src/simulated/simulated-cluster";
import { loadFleetFile } from "@/lib/agent-protocol/fleet-file";
import { db } from "@/lib/store/client";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { createJoinToken } from "@/lib/services/agents/access";
import { waitFor } from "../../scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { inProcessFetch } from "../helpers/in-process-fetch";
import { occupyInventoryQueue } from "../helpers/inventory-queue";

vi.hoisted(() => {
  process.env.MERIDIAN_INVENTORY_QUEUE_MAX = "1";
});

const SYSTEM = { type: "system", label: "test" } as const;
type Sent = { kind: string; status: number; sentAt: number; answeredAt: number };

describe("an agent against a saturated inventory path", () => {
  const reports: Sent[] = [];
  let agent: Agent | undefined;
  let sim: SimulatedCluster;
  let release: (() => Promise<void>) | undefined;

  /** The real in-process transport, recording each report's kind and answer. */
  const recordingFetch = () => {
    const inner = inProcessFetch();
    return (async (input: RequestInfo | URL, init?: RequestInit) => {
      const isReport = String(input).endsWith("/api/agent/v1/report");
      const sentAt = Date.now();
      const res = await inner(input, init);
      if (isReport)
        reports.push({
          kind: (JSON.parse(String(init?.body)) as { kind: string }).kind,
          status: res.status,
          sentAt,
          answeredAt: Date.now(),
        });
      return res;
    }) as typeof fetch;
  };

  beforeAll(async () => {
    await resetDatabase();
    const c = await createCluster({ name: "east-1", region: "us-east-1" }, SYSTEM);
    await updateCluster("east-1", { version: c.version, state: "live" }, SYSTEM);
    sim = new SimulatedCluster(loadFleetFile().clusters.find((x) => x.name === "east-1")!);
  });
  afterEach(async () => {
    await release?.();
    await agent?.stop();
  });

  it("waits out Retry-After, then stores its snapshot; a refused delta stays a delta", async () => {
    release = await occupyInventoryQueue();
    agent = new Agent({
      client: new MeridianClient("http://meridian.test", { fetch: recordingFetch() }),
      inventory: sim,
      writer: sim,
      credentials: memoryCredentialStore(),
      joinToken: (await createJoinToken("east-1", SYSTEM)).token,
      info: { version: "test", hostname: "h", simulated: true },
      log: SILENT_LOG,
      longPollSeconds: 5,
      deltaDelayMs: 20,
    });
    await agent.start();
    await waitFor("a refused report", () => reports.some((r) => r.status === 503), 10_000, 20);
    await release();
    release = undefined;
    await waitFor(
      "the snapshot stored",
      async () =>
        reports.some((r) => r.status < 300) &&
        (await db().service.count({ where: { clusterName: "east-1" } })) === 3,
      20_000,
      50,
    );
    const refused = reports.find((r) => r.status === 503)!;
    const next = reports[reports.indexOf(refused) + 1]!;
    expect(next).toMatchObject({ kind: "snapshot" });
    // Retry-After is 5 s; the old agent came back within its 0.5 s first backoff.
    expect(next.sentAt - refused.answeredAt).toBeGreaterThanOrEqual(5000);

    // Saturated again, then a change: the delta is refused, and sent again as a delta.
    release = await occupyInventoryQueue();
    const from = reports.length;
    const reviews = sim.current().services.find((s) => s.name === "reviews")!;
    sim.upsertService({
      ...reviews,
      endpointsByZone: { ...reviews.endpointsByZone, "us-east-1c": { ready: 1, total: 1 } },
    });
    await waitFor(
      "a refused delta",
      () => reports.slice(from).some((r) => r.status === 503),
      10_000,
      20,
    );
    await release();
    release = undefined;
    await waitFor(
      "the delta stored",
      async () =>
        reports.slice(from).some((r) => r.status < 300) &&
        (await db().service.findFirst({ where: { clusterName: "east-1", name: "reviews" } }))
          ?.endpointsReady === 5,
      20_000,
      50,
    );
    const after = reports.slice(from);
    expect(after.map((r) => r.kind)).not.toContain("snapshot");
    expect(after.filter((r) => r.status === 503).every((r) => r.kind === "delta")).toBe(true);
  }, 60_000);
});
