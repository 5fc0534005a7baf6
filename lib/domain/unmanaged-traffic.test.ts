import { describe, expect, it } from "vitest";

import { unmanagedTrafficAlerts } from "./unmanaged-traffic";

describe("unmanagedTrafficAlerts", () => {
  it("raises one warning per service and calling cluster, naming where the calls go", () => {
    const alerts = unmanagedTrafficAlerts(
      [
        {
          sourceCluster: "west-1",
          destinationCluster: "east-1",
          namespace: "bookinfo",
          name: "details",
          requestRate: 2,
        },
        {
          sourceCluster: "west-1",
          destinationCluster: "east-2",
          namespace: "bookinfo",
          name: "details",
          requestRate: 0.5,
        },
        {
          sourceCluster: "east-1",
          destinationCluster: "east-2",
          namespace: "bookinfo",
          name: "reviews",
          requestRate: 1,
        },
      ],
      "15s",
    );
    expect(alerts.map((a) => [a.labels.service, a.labels.cluster, a.labels.severity])).toEqual([
      ["details", "west-1", "warning"],
      ["reviews", "east-1", "warning"],
    ]);
    expect(alerts[0]!.annotations.summary).toBe(
      "Unmanaged traffic: west-1 calls details.bookinfo in east-1, east-2 without an import",
    );
    expect(alerts[0]!.annotations.description).toContain("east-1 (2.0 req/s), east-2 (0.5 req/s)");
    expect(alerts[0]!.annotations.description).toContain("last 15s");
    expect(alerts[0]!.kind).toBe("fleet");
  });

  it("raises nothing when every call is managed", () => {
    expect(unmanagedTrafficAlerts([], "1m")).toEqual([]);
  });
});
