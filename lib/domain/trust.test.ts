import { describe, expect, it } from "vitest";

import type { ReportedRoot } from "@/lib/agent-protocol/trust";
import { deriveTrustView, expiringRoots, expiryOf, type TrustInputCluster } from "./trust";

const fp = (n: number) =>
  Array.from({ length: 32 }, () => n.toString(16).toUpperCase().padStart(2, "0")).join(":");
const OLD = fp(1);
const NEW = fp(2);
const OTHER = fp(3);
const NOW = new Date("2026-12-06T12:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000).toISOString();

const root = (fingerprint: string, notAfter = days(365)): ReportedRoot => ({
  fingerprint,
  subject: `CN=${fingerprint.slice(0, 2)}`,
  notBefore: days(-10),
  notAfter,
  der: "AA==",
  source: "test",
});

function cluster(
  name: string,
  signing: string,
  trusted: ReportedRoot[] = [root(signing)],
  trustDomain = "cluster.local",
  aliases: string[] = [],
): TrustInputCluster {
  return {
    cluster: name,
    mesh: "istio",
    trustDomain,
    rootCaFingerprint: signing,
    trust: { aliases, roots: trusted, caKind: "plugged-in", caEvidence: "" },
  };
}

const reviews = (exports: string[], imports: string[]) => [
  { namespace: "bookinfo", name: "reviews", exports, imports },
];

describe("trust view", () => {
  it("groups clusters that share a root, and separates one with another root", () => {
    const view = deriveTrustView(
      [cluster("a", OLD), cluster("b", OLD), cluster("c", OTHER)],
      reviews(["a", "c"], ["b"]),
      NOW,
    );
    expect(view.groups.map((g) => g.clusters)).toEqual([["a", "b"], ["c"]]);
    expect(view.edges.map((e) => `${e.from}>${e.to}`)).toEqual(["a>b", "b>a"]);
    expect(view.services.map((s) => `${s.importer}<${s.exporter} ${s.state}`)).toEqual([
      "b<a verified",
      "b<c mismatch",
    ]);
    expect(view.services[1]).toMatchObject({ importerRoot: OLD, exporterRoot: OTHER });
    expect(view.clusters.map((c) => c.group)).toEqual([0, 0, 1]);
  });

  it("sees a rotation overlap as a window, not a mismatch", () => {
    // a moved to the new root and trusts both; b still signs with the old one and trusts both.
    const both = [root(NEW), root(OLD)];
    const view = deriveTrustView(
      [cluster("a", NEW, both), cluster("b", OLD, [root(OLD), root(NEW)]), cluster("c", OLD)],
      reviews(["a"], ["b", "c"]),
      NOW,
    );
    expect(view.services.map((s) => `${s.importer} ${s.state}`)).toEqual([
      "b verified",
      "c mismatch",
    ]);
    expect(view.clusters.filter((c) => c.rotation).map((c) => c.cluster)).toEqual(["a", "b"]);
    expect(view.edges.find((e) => e.from === "a" && e.to === "b")).toMatchObject({
      viaRotation: true,
      root: OLD,
    });
    // c trusts only the old root: it verifies b but not a, and a verifies c: not mutual with a.
    expect(view.groups.map((g) => g.clusters)).toEqual([["a", "b", "c"]]);
    expect(view.edges.some((e) => e.from === "c" && e.to === "a")).toBe(false);
  });

  it("names the trust-domain relation: same, alias, foreign", () => {
    const view = deriveTrustView(
      [
        cluster("a", OLD, [root(OLD)], "west.example", ["east.example"]),
        cluster("b", OLD, [root(OLD)], "east.example"),
      ],
      [],
      NOW,
    );
    expect(view.edges.map((e) => `${e.from}>${e.to} ${e.domain}`)).toEqual([
      "a>b alias",
      "b>a foreign",
    ]);
  });

  it("leaves clusters without a reported root out of every group, and their checks unknown", () => {
    const legacy: TrustInputCluster = {
      cluster: "old",
      mesh: "istio",
      trustDomain: "",
      rootCaFingerprint: "",
    };
    const view = deriveTrustView([cluster("a", OLD), legacy], reviews(["a"], ["old"]), NOW);
    expect(view.clusters.find((c) => c.cluster === "old")).toMatchObject({
      group: null,
      caKind: "unknown",
      roots: [],
    });
    expect(view.services[0]!.state).toBe("unknown");
  });
});

describe("root expiry", () => {
  it("turns expiring at 30 days, critical at 7, expired at notAfter", () => {
    expect(expiryOf(days(31), NOW)).toEqual({ daysLeft: 31, expiry: "ok" });
    expect(expiryOf(days(30), NOW).expiry).toBe("expiring");
    expect(expiryOf(days(7.5), NOW).expiry).toBe("expiring");
    expect(expiryOf(days(7), NOW)).toEqual({ daysLeft: 7, expiry: "critical" });
    expect(expiryOf(days(0), NOW).expiry).toBe("expired");
    expect(expiryOf(days(-2), NOW)).toEqual({ daysLeft: -2, expiry: "expired" });
  });

  it("lists only roots within 30 days, per cluster", () => {
    const list = expiringRoots(
      [
        cluster("a", OLD, [root(OLD, days(5)), root(NEW, days(400))]),
        cluster("b", OTHER, [root(OTHER, days(20))]),
      ],
      NOW,
    );
    expect(
      list.map((r) => `${r.cluster} ${r.fingerprint.slice(0, 2)} ${r.expiry} ${r.daysLeft}`),
    ).toEqual(["a 01 critical 5", "b 03 expiring 20"]);
  });
});
