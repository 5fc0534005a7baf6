// MCS ServiceExport conditions the agents read back (issue 20) on a real database: an agent's
// acknowledgement carrying them is stored, the global service shows them on its exporting
// cluster and on the change set, and a Conflicted condition is a ServiceExportConflict alert.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { acceptStatus } from "@/lib/services/agents/reports";
import { applyChanges } from "@/lib/services/sharing/change-sets";
import { getChangeSet } from "@/lib/store/change-sets";
import type { ChangeSetDto } from "@/lib/model/intent";
import { getGlobalService } from "@/lib/store/global-services";
import { loadAlertFleet } from "@/lib/services/fleet-metrics/fleet-alerts";
import { resetDatabase } from "../helpers/db";

const CONFLICTED = [
  { type: "Accepted" as const, status: "True" as const, reason: "Accepted", message: "" },
  {
    type: "Conflicted" as const,
    status: "True" as const,
    reason: "PortConflict",
    message: "port 9080 differs from east-2's",
  },
];

describe("ServiceExport conditions", () => {
  let changeSet: ChangeSetDto;
  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
    const reviews = await db().globalService.findUniqueOrThrow({
      where: { namespace_name: { namespace: "bookinfo", name: "reviews" } },
    });
    changeSet = await applyChanges(
      [
        {
          namespace: "bookinfo",
          name: "reviews",
          version: reviews.version,
          exports: ["east-1"],
          imports: ["east-2"],
          access: ["east-2"],
        },
      ],
      { actor: { type: "system", label: "test" }, acceptErrors: true },
    );
    const desired = await db().desiredState.findUnique({ where: { clusterName: "east-1" } });
    await acceptStatus({ clusterName: "east-1" } as Parameters<typeof acceptStatus>[0], {
      generation: desired?.generation ?? 0,
      results: [
        {
          apiVersion: "multicluster.x-k8s.io/v1beta1",
          kind: "ServiceExport",
          namespace: "bookinfo",
          name: "reviews",
          result: "unchanged",
          message: "",
          conditions: CONFLICTED,
        },
      ],
    });
  });

  it("shows them on the global service's exporting cluster", async () => {
    const svc = await getGlobalService("bookinfo", "reviews");
    const east1 = svc?.clusters.find((c) => c.cluster === "east-1");
    expect(east1?.exported).toBe(true);
    expect(east1?.exportConditions).toEqual(CONFLICTED);
    expect(svc?.clusters.find((c) => c.cluster === "east-2")?.exportConditions).toBeUndefined();
  });

  it("shows them on the change set that exported it, per cluster", async () => {
    const cs = await getChangeSet(String(changeSet.number));
    expect(cs?.clusters.find((c) => c.cluster === "east-1")?.exportConditions).toEqual([
      { service: "bookinfo/reviews", conditions: CONFLICTED },
    ]);
  });

  it("raises ServiceExportConflict for the conflicted export", async () => {
    const { fleetAlerts } = await loadAlertFleet();
    const conflicts = fleetAlerts.filter((a) => a.name === "ServiceExportConflict");
    expect(conflicts.map((a) => a.labels)).toEqual([
      {
        alertname: "ServiceExportConflict",
        severity: "warning",
        namespace: "bookinfo",
        service: "reviews",
        cluster: "east-1",
      },
    ]);
  });
});
