import { describe, expect, it } from "vitest";
import { compileFleet } from "./index";
import { siteFleet, SITE_INTENT } from "./testing/site-fleet";

const kinds = (c: { resources: { kind: string; metadata: { name: string } }[] } | undefined) =>
  (c?.resources ?? []).map((r) => r.kind);

describe("sites", () => {
  const out = compileFleet(SITE_INTENT, siteFleet());

  it("writes an Istio site's WorkloadGroup and WorkloadEntries into its host cluster", () => {
    const east1 = out.clusters["east-1"]!.resources;
    const group = east1.find((r) => r.kind === "WorkloadGroup");
    expect(group).toMatchObject({
      apiVersion: "networking.istio.io/v1",
      metadata: { namespace: "bookinfo", labels: { "meridian.dev/site": "ratings-legacy" } },
      spec: {
        metadata: { labels: { app: "ratings", "meridian.dev/site": "ratings-legacy" } },
        template: { serviceAccount: "bookinfo-ratings", network: "vm-net", ports: { http: 9080 } },
      },
    });
    const entries = east1.filter((r) => r.kind === "WorkloadEntry");
    expect(entries.map((e) => (e as unknown as { spec: { address: string } }).spec)).toEqual([
      {
        address: "10.40.1.11",
        labels: { app: "ratings", version: "v1-legacy", "meridian.dev/site": "ratings-legacy" },
        locality: "eu-west-1/eu-west-1a",
        network: "vm-net",
        serviceAccount: "bookinfo-ratings",
        ports: { http: 9080 },
      },
      expect.objectContaining({ address: "10.40.2.12", locality: "eu-west-1/eu-west-1b" }),
    ]);
  });

  it("gives the Istio consumers the entries too (an istiod reads its own cluster), without the group", () => {
    const east2 = kinds(out.clusters["east-2"]);
    expect(east2.filter((k) => k === "WorkloadEntry")).toHaveLength(2);
    expect(east2).not.toContain("WorkloadGroup");
  });

  it("writes a Linkerd site's ExternalWorkloads into its host", () => {
    const ews = out.clusters["west-1"]!.resources.filter((r) => r.kind === "ExternalWorkload");
    expect(ews).toHaveLength(2);
    expect(ews[0]).toMatchObject({
      apiVersion: "workload.linkerd.io/v1beta1",
      metadata: { labels: { app: "ratings", "meridian.dev/site": "ratings-linkerd-vms" } },
      spec: {
        meshTLS: { identity: "spiffe://cluster.local/ns/bookinfo/sa/bookinfo-ratings" },
        ports: [{ name: "http", port: 9080, protocol: "TCP" }],
        workloadIPs: [{ ip: "10.40.1.11" }],
      },
    });
  });

  it("writes nothing into a site, and warns where a mesh cannot take VMs", () => {
    for (const s of ["ratings-legacy", "ratings-linkerd-vms", "ratings-cilium-vms"])
      expect(out.clusters[s]!.resources).toEqual([]);
    expect(out.clusters["ratings-cilium-vms"]!.warnings).toEqual([
      expect.objectContaining({
        code: "mesh-cannot-express",
        message: expect.stringContaining("external workloads were removed in Cilium 1.18"),
      }),
    ]);
  });

  it("keeps the site last in Istio's failover, and says which tiers its host's cluster id merges", () => {
    const dr = out.clusters["east-2"]!.resources.find(
      (r) => r.kind === "DestinationRule",
    ) as unknown as {
      spec: {
        trafficPolicy: { loadBalancer: { localityLbSetting: { failoverPriority: string[] } } };
      };
    };
    // Istio labels the site's entries with east-1's cluster id (they live there), so no cluster
    // label selects east-1 alone: tiers 1 and 2 share a priority; the region keeps the site last.
    expect(dr.spec.trafficPolicy.loadBalancer.localityLbSetting.failoverPriority).toEqual([
      "topology.kubernetes.io/region=us-east-1",
    ]);
    expect(out.clusters["east-2"]!.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining("tiers 1 and 2 share one priority"),
    );
  });

  it("prunes everything of a site that leaves the global service", () => {
    const left = compileFleet(
      {
        services: SITE_INTENT.services.map((s) => ({
          ...s,
          exports: ["east-1", "east-2"],
          failover: undefined,
        })),
      },
      siteFleet(),
    );
    for (const c of ["east-1", "east-2", "west-1"])
      expect(kinds(left.clusters[c])).not.toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^(WorkloadEntry|WorkloadGroup|ExternalWorkload)$/),
        ]),
      );
  });
});
