import { describe, expect, it } from "vitest";

import { bookinfoFleet, bookinfoService } from "@/lib/meshes/testing/bookinfo";
import type { FleetInventory, GlobalServiceIntent } from "@/lib/meshes/kit/fleet-input";

import {
  computeFleetAlerts,
  DISCONNECTED_AFTER_STALE_THRESHOLDS,
  type FleetAlertCluster,
  type FleetAlertInput,
} from "./fleet-alerts";

const NOW = new Date("2026-12-02T12:00:00Z");
const ago = (s: number) => new Date(NOW.getTime() - s * 1000);
const STALE = 90;

function input(over: Partial<FleetAlertInput>): FleetAlertInput {
  return {
    clusters: [],
    inventory: { clusters: [] },
    intents: [],
    now: NOW,
    staleAfterSeconds: STALE,
    ...over,
  };
}
const cluster = (name: string, over: Partial<FleetAlertCluster> = {}): FleetAlertCluster => ({
  name,
  state: "live",
  lastSeenAt: ago(5),
  createdAt: ago(86_400),
  ...over,
});
const intent = (name: string, over: Partial<GlobalServiceIntent> = {}): GlobalServiceIntent => ({
  namespace: "bookinfo",
  name,
  exports: [],
  imports: [],
  ...over,
});
const names = (alerts: ReturnType<typeof computeFleetAlerts>) =>
  alerts.map((a) => [
    a.name,
    a.labels.cluster ?? null,
    a.labels.service ?? null,
    a.labels.severity,
  ]);

describe("connection alerts", () => {
  it("says nothing about reporting, pending or disabled clusters", () => {
    const alerts = computeFleetAlerts(
      input({
        clusters: [
          cluster("a"),
          cluster("b", { state: "pending", lastSeenAt: null }),
          cluster("c", { state: "disabled", lastSeenAt: ago(99_999) }),
        ],
      }),
    );
    expect(alerts).toEqual([]);
  });

  it("marks a cluster stale past the threshold and disconnected well past it", () => {
    const alerts = computeFleetAlerts(
      input({
        clusters: [
          cluster("fresh", { lastSeenAt: ago(STALE) }),
          cluster("stale", { lastSeenAt: ago(STALE + 1) }),
          cluster("still-stale", { lastSeenAt: ago(STALE * DISCONNECTED_AFTER_STALE_THRESHOLDS) }),
          cluster("gone", { lastSeenAt: ago(STALE * DISCONNECTED_AFTER_STALE_THRESHOLDS + 1) }),
        ],
      }),
    );
    expect(names(alerts)).toEqual([
      ["ClusterStale", "stale", null, "warning"],
      ["ClusterStale", "still-stale", null, "warning"],
      ["AgentDisconnected", "gone", null, "critical"],
    ]);
    expect(alerts[0]).toMatchObject({
      state: "firing",
      kind: "fleet",
      source: { name: "meridian", type: "meridian" },
      activeAt: new Date(ago(1).getTime()).toISOString(),
      annotations: { summary: "stale is stale: no report for 91 s" },
    });
    expect(alerts[2]!.annotations.summary).toBe("Agent of gone disconnected: silent for 8 min");
  });

  it("gives a newly accepted cluster one threshold before its never-connected agent alerts", () => {
    const alerts = computeFleetAlerts(
      input({
        clusters: [
          cluster("new", { lastSeenAt: null, createdAt: ago(30) }),
          cluster("old", { lastSeenAt: null, createdAt: ago(3600) }),
        ],
      }),
    );
    expect(names(alerts)).toEqual([["AgentDisconnected", "old", null, "critical"]]);
    expect(alerts[0]!.annotations.summary).toBe("Agent of old never connected");
  });
});

describe("intent alerts", () => {
  const fleet = bookinfoFleet("istio");

  it("reports a trust-root mismatch once per importing cluster, naming every exporter", () => {
    const alerts = computeFleetAlerts(
      input({
        inventory: fleet,
        intents: [
          intent("reviews", { exports: ["east-1", "east-2"], imports: ["west-1", "east-2"] }),
        ],
      }),
    );
    expect(names(alerts)).toEqual([["TrustRootMismatch", "west-1", "reviews", "critical"]]);
    expect(alerts[0]!.annotations.description).toBe(
      "trust roots of west-1 (root B3:07:5E:91…) and exporter east-1 (root 4F:1C:9A:22…) differ, neither trusts the other's root: mTLS will fail; trust roots of west-1 (root B3:07:5E:91…) and exporter east-2 (root 4F:1C:9A:22…) differ, neither trusts the other's root: mTLS will fail",
    );
  });

  it("says nothing when roots match or nothing is imported", () => {
    const alerts = computeFleetAlerts(
      input({
        inventory: fleet,
        intents: [
          intent("reviews", { exports: ["east-1"], imports: ["east-2"] }),
          intent("details", { exports: ["east-1", "west-1"] }),
        ],
      }),
    );
    expect(alerts).toEqual([]);
  });

  it("reports an export conflict on every exporting cluster", () => {
    const changed: FleetInventory = {
      clusters: fleet.clusters.map((c) =>
        c.name === "east-2"
          ? {
              ...c,
              services: c.services.map((s) =>
                s.name === "reviews"
                  ? { ...s, ports: [{ name: "grpc", port: 9090, protocol: "TCP" as const }] }
                  : s,
              ),
            }
          : c,
      ),
    };
    const alerts = computeFleetAlerts(
      input({
        inventory: changed,
        intents: [intent("reviews", { exports: ["east-1", "east-2"] })],
      }),
    );
    expect(names(alerts)).toEqual([
      ["ExportConflict", "east-1", "reviews", "warning"],
      ["ExportConflict", "east-2", "reviews", "warning"],
    ]);
    expect(alerts[0]!.annotations.description).toContain("ports of bookinfo/reviews differ");
  });

  it("reports a failover tier without ready endpoints once per service", () => {
    const drained: FleetInventory = {
      clusters: fleet.clusters.map((c) =>
        c.name === "east-2"
          ? {
              ...c,
              services: c.services.map((s) =>
                s.name === "reviews" ? bookinfoService("reviews", 0, 2) : s,
              ),
            }
          : c,
      ),
    };
    const alerts = computeFleetAlerts(
      input({
        inventory: drained,
        intents: [
          intent("reviews", {
            exports: ["east-1", "east-2"],
            imports: ["east-1", "east-2"],
            failover: {
              tiers: [{ clusters: [{ name: "east-1" }] }, { clusters: [{ name: "east-2" }] }],
              outlierDetection: {
                consecutive5xxErrors: 5,
                interval: "10s",
                baseEjectionTime: "30s",
                maxEjectionPercent: 100,
              },
            },
          }),
        ],
      }),
    );
    expect(names(alerts)).toEqual([["FailoverNoHealthyTarget", null, "reviews", "critical"]]);
    expect(alerts[0]!.annotations.description).toBe(
      "bookinfo/reviews: failover tier 2 (east-2) has no ready endpoints",
    );
  });
});

describe("trust root expiry alerts", () => {
  const root = (fingerprint: string, daysLeft: number) => ({
    fingerprint,
    subject: "CN=root",
    notBefore: "2026-01-01T00:00:00.000Z",
    notAfter: new Date(NOW.getTime() + daysLeft * 86_400_000).toISOString(),
    der: "AA==",
    source: "test",
  });
  const fp = (c: string) => Array.from({ length: 32 }, () => c).join(":");
  const trusting = (cluster: string, ...roots: ReturnType<typeof root>[]) => ({
    cluster,
    mesh: "istio" as const,
    trustDomain: "cluster.local",
    rootCaFingerprint: roots[0]!.fingerprint,
    trust: { aliases: [], roots, caKind: "plugged-in" as const, caEvidence: "" },
  });

  it("warns at 30 days, is critical at 7 days and once expired, silent before", () => {
    const alerts = computeFleetAlerts(
      input({
        trust: [
          trusting("a", root(fp("AA"), 45)),
          trusting("b", root(fp("BB"), 29), root(fp("CC"), 6)),
          trusting("c", root(fp("DD"), -1)),
        ],
      }),
    );
    expect(
      alerts.map((a) => [a.name, a.labels.cluster, a.labels.root?.slice(0, 2), a.labels.severity]),
    ).toEqual([
      ["TrustRootExpiring", "b", "BB", "warning"],
      ["TrustRootExpiring", "b", "CC", "critical"],
      ["TrustRootExpiring", "c", "DD", "critical"],
    ]);
    expect(alerts[0]!.annotations.summary).toBe("Trust root of b expires in 29 days (2026-12-31)");
    expect(alerts[2]!.annotations.summary).toContain("expired on");
  });
});

describe("ServiceExport conflicts (issue 20, MCS v1beta1)", () => {
  const conflicted = (type: "Conflicted" | "Conflict", status: "True" | "False") => ({
    type,
    status,
    reason: status === "True" ? "PortConflict" : "NoConflicts",
    message: status === "True" ? "port 9080 differs" : "",
  });
  it("alerts on a Conflicted (or deprecated Conflict) condition that is True, in live clusters only", () => {
    const alerts = computeFleetAlerts(
      input({
        clusters: [cluster("a"), cluster("b"), cluster("c", { state: "disabled" }), cluster("d")],
        exportStatuses: [
          {
            cluster: "a",
            namespace: "bookinfo",
            name: "reviews",
            conditions: [conflicted("Conflicted", "True")],
          },
          {
            cluster: "b",
            namespace: "bookinfo",
            name: "reviews",
            conditions: [conflicted("Conflict", "True")],
          },
          {
            cluster: "c",
            namespace: "bookinfo",
            name: "reviews",
            conditions: [conflicted("Conflicted", "True")],
          },
          {
            cluster: "d",
            namespace: "bookinfo",
            name: "reviews",
            conditions: [conflicted("Conflicted", "False")],
          },
        ],
      }),
    );
    expect(names(alerts)).toEqual([
      ["ServiceExportConflict", "a", "reviews", "warning"],
      ["ServiceExportConflict", "b", "reviews", "warning"],
    ]);
    expect(alerts[0]?.annotations.summary).toBe(
      "ServiceExport of reviews.bookinfo in a is in conflict (PortConflict)",
    );
    expect(alerts[0]?.annotations.description).toMatch(
      /reports Conflicted PortConflict: port 9080 differs/,
    );
  });
});

describe("drifted objects (issue 36)", () => {
  it("names each drifted object of a live cluster, since the agent reported it", () => {
    const at = ago(120);
    const drift = (c: string) => ({
      cluster: c,
      kind: "DestinationRule",
      namespace: "bookinfo",
      name: "ratings-failover",
      message: "changed by kubectl-edit: .spec.trafficPolicy.tls.mode",
      reportedAt: at,
    });
    const alerts = computeFleetAlerts(
      input({
        clusters: [cluster("a"), cluster("b", { state: "disabled" })],
        drifted: [drift("a"), drift("b")],
      }),
    );
    expect(names(alerts)).toEqual([["ResourceDrifted", "a", null, "warning"]]);
    expect(alerts[0]?.labels).toMatchObject({
      kind: "DestinationRule",
      object: "ratings-failover",
    });
    expect(alerts[0]?.annotations.summary).toBe(
      "DestinationRule bookinfo/ratings-failover in a drifted from what Meridian applied",
    );
    expect(alerts[0]?.annotations.description).toMatch(/found .* changed by kubectl-edit/);
    expect(alerts[0]?.activeAt).toBe(at.toISOString());
  });
});
