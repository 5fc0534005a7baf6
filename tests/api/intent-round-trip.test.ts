// What apply stores is what the next plan compiles: an intent applied through the REST API and
// planned again as read back shows no change — on the demo fleet in the real database.
import { beforeEach, describe, expect, it } from "vitest";
import * as intentRoute from "@/app/api/v1/intent/route";
import * as plans from "@/app/api/v1/plans/route";
import * as changeSets from "@/app/api/v1/change-sets/route";
import type { IntentChange, IntentDto, PlanDto } from "@/lib/model/intent";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { applyClusterSnapshot } from "@/lib/services/agents/inventory";
import { bookinfoFleet } from "@/lib/demo/bookinfo-fleet";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

describe("apply, then plan the stored intent again", () => {
  let operator: string;

  const readIntent = async (name: string) => {
    const res = await call(intentRoute.GET, "GET", "/x", { token: operator, search: { name } });
    return (res.body as { items: IntentDto[] }).items[0]!;
  };
  const plan = async (change: IntentChange) => {
    const res = await call(plans.POST, "POST", "/x", {
      token: operator,
      body: { changes: [change] },
    });
    expect(res.status).toBe(200);
    return res.body as PlanDto;
  };
  const apply = async (change: IntentChange) => {
    const res = await call(changeSets.POST, "POST", "/x", {
      token: operator,
      body: { changes: [change] },
    });
    expect(res.status).toBe(201);
  };
  /** The change an editor sends back for an intent exactly as it read it. */
  const asRead = ({ namespace, name, version, exports, imports, failover }: IntentDto) => ({
    namespace,
    name,
    version,
    exports,
    imports,
    failover,
  });

  beforeEach(async () => {
    await resetDatabase();
    await seedDemoFleet();
    operator = (await userWithToken("operator")).token;
  });

  it("keeps sub-second and minute outlier-detection durations as submitted", async () => {
    const outlierDetection = {
      consecutive5xxErrors: 3,
      interval: "500ms",
      baseEjectionTime: "2m",
      maxEjectionPercent: 50,
    };
    const change = {
      namespace: "bookinfo",
      name: "reviews",
      version: 1,
      exports: ["east-1", "east-2"],
      imports: ["east-1", "east-2"],
      failover: {
        tiers: [{ clusters: [{ name: "east-1" }] }, { clusters: [{ name: "east-2" }] }],
        outlierDetection,
      },
    };
    const planned = await plan(change);
    // Both Istio importers get a DestinationRule with the durations as submitted.
    expect(planned.clusters.map((c) => c.cluster)).toEqual(["east-1", "east-2"]);
    for (const c of planned.clusters) {
      expect(c.diff).toMatch(/^\+ {6}interval: 500ms$/m);
      expect(c.diff).toMatch(/^\+ {6}baseEjectionTime: 2m$/m);
    }
    await apply(change);

    const stored = await readIntent("reviews");
    expect(stored.failover?.outlierDetection).toEqual(outlierDetection);
    expect((await plan(asRead(stored))).clusters).toEqual([]);
  });

  /** east-2's reviews also serves gRPC on 9090: the exporters' ports conflict. */
  const conflictingPorts = async () => {
    const east2 = bookinfoFleet().find((c) => c.cluster.name === "east-2")!;
    const services = east2.snapshot.services.map((s) =>
      s.name === "reviews"
        ? { ...s, ports: [...s.ports, { name: "grpc", port: 9090, protocol: "TCP" as const }] }
        : s,
    );
    await applyClusterSnapshot(
      "east-2",
      { ...east2.snapshot, services },
      { type: "system", label: "test" },
    );
  };
  /** The exporter whose ports win the conflict, as the plan's warnings name it. */
  const winner = (p: PlanDto) => {
    const named = p.warnings
      .filter((w) => w.code === "export-conflict")
      .map((w) => /using the oldest exporter (\S+)$/.exec(w.message)?.[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named).size).toBe(1);
    return named[0];
  };
  const reviews = { namespace: "bookinfo", name: "reviews", imports: ["east-1"] };
  /** Apply, read back, plan the stored intent again: no change, and the same exporter wins. */
  const applyAndReplan = async (
    change: Parameters<typeof apply>[0],
    storedExports: string[],
    first: string,
  ) => {
    await apply(change);
    const stored = await readIntent("reviews");
    expect(stored.exports).toEqual(storedExports);
    const again = await plan(asRead(stored));
    expect(again.clusters).toEqual([]);
    expect(winner(again)).toBe(first);
  };

  it("plans exporters sent in any order as the order they are stored in (new ones by name)", async () => {
    await conflictingPorts();
    const change = { ...reviews, version: 1, exports: ["east-2", "east-1"] };
    const planned = await plan(change);
    // Both start exporting in this apply, so neither is older: the tie goes by name.
    expect(winner(planned)).toBe("east-1");
    await applyAndReplan(change, ["east-1", "east-2"], "east-1");
  });

  it("keeps the oldest exporter first when a cluster joins later, whatever order is sent", async () => {
    await conflictingPorts();
    await apply({ ...reviews, version: 1, exports: ["east-2"] });
    const change = { ...reviews, version: 2, exports: ["east-1", "east-2"] };
    const planned = await plan(change);
    expect(winner(planned)).toBe("east-2");
    await applyAndReplan(change, ["east-2", "east-1"], "east-2");
  });
});
