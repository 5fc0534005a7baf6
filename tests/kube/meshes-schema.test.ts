// Every resource the mesh translators generate for Distributed Bookinfo (exports, imports,
// failover, weights, access) is server-side-applied with dryRun=All to the real
// kube-apiserver harness, whose upstream CRDs (Istio, MCS, Linkerd Link, Consul) judge it.
import { ApiException, PatchStrategy, type KubernetesObject } from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";

import { FIELD_MANAGER, ownsWholeObject } from "../../lib/agent-protocol/messages";
import { compileFleet, type Mesh } from "../../lib/meshes/index";
import { bookinfoFleet, RICH_INTENT } from "../../lib/meshes/testing/bookinfo";
import { REMOTE_INTENT } from "../../lib/meshes/testing/remote";
import { clientsFor, statusOf, type ClusterClients } from "./clients";
import { applyObjects } from "./fixtures/apply";
import { loadBookinfo } from "./fixtures/bookinfo";

const CLUSTERS = ["east-1", "east-2", "west-1"] as const;
const MESHES: readonly Mesh[] = ["none", "istio", "linkerd", "cilium", "consul"];

async function dryRunApply(c: ClusterClients, obj: KubernetesObject): Promise<KubernetesObject> {
  return c.objects.patch(obj, undefined, "All", FIELD_MANAGER, true, PatchStrategy.ServerSideApply);
}

describe("mesh translators against the API server's schema validation", () => {
  const clients = new Map<string, ClusterClients>();

  beforeAll(async () => {
    for (const name of CLUSTERS) {
      const c = clientsFor(name);
      clients.set(name, c);
      // The Services that overlays patch, and the namespaces Meridian writes mesh config to.
      await loadBookinfo(c.kc, name);
      await applyObjects(
        c.kc,
        ["consul", "linkerd-multicluster", "istio-system"].map((ns) => ({
          apiVersion: "v1",
          kind: "Namespace",
          metadata: { name: ns },
        })),
      );
    }
  });

  it.each(MESHES)("%s: every generated resource is accepted", async (mesh) => {
    const compiled = compileFleet(RICH_INTENT, bookinfoFleet(mesh));
    const rejected: string[] = [];
    const kinds = new Set<string>();
    let applied = 0;
    for (const cluster of CLUSTERS) {
      const c = clients.get(cluster)!;
      for (const r of compiled.clusters[cluster]?.resources ?? []) {
        kinds.add(r.kind);
        try {
          const stored = await dryRunApply(c, r as KubernetesObject);
          // Whole objects carry Meridian's label; fields-only patches leave the owner's label be.
          if (ownsWholeObject(r))
            expect(stored.metadata?.labels?.["app.kubernetes.io/managed-by"]).toBe("meridian");
          else
            expect(stored.metadata?.labels?.["app.kubernetes.io/managed-by"]).not.toBe("meridian");
          applied++;
        } catch (err) {
          const body =
            err instanceof ApiException ? `${err.code} ${String(err.body)}` : String(err);
          rejected.push(`${cluster} ${r.kind} ${r.metadata.namespace}/${r.metadata.name}: ${body}`);
        }
      }
    }
    expect(rejected).toEqual([]);
    expect(applied).toBeGreaterThan(0);
    const expected: Record<Mesh, string[]> = {
      none: ["ServiceExport"],
      istio: [
        "AuthorizationPolicy",
        "DestinationRule",
        "Gateway",
        "ServiceEntry",
        "VirtualService",
      ],
      linkerd: ["Link", "Service"],
      cilium: ["Service"],
      consul: ["ExportedServices", "ServiceIntentions", "ServiceResolver"],
    };
    expect([...kinds].sort()).toEqual(expected[mesh]);
  });

  it("istio: a remote import's ServiceEntry and DestinationRule are accepted (Hamlet peers)", async () => {
    const compiled = compileFleet(REMOTE_INTENT, bookinfoFleet("istio"));
    const kinds: string[] = [];
    for (const cluster of CLUSTERS)
      for (const r of compiled.clusters[cluster]?.resources ?? []) {
        const stored = await dryRunApply(clients.get(cluster)!, r as KubernetesObject);
        expect(stored.metadata?.labels?.["meridian.dev/peer"]).toBeDefined();
        kinds.push(r.kind);
      }
    expect(kinds.sort()).toEqual([
      ...Array(4).fill("DestinationRule"),
      ...Array(4).fill("ServiceEntry"),
    ]);
  });

  it("the check is live: a DestinationRule with failoverPriority of the wrong type is rejected", async () => {
    const c = clients.get("east-1")!;
    const bad = {
      apiVersion: "networking.istio.io/v1",
      kind: "DestinationRule",
      metadata: { name: "meridian-bad", namespace: "bookinfo" },
      spec: {
        host: "x",
        trafficPolicy: { loadBalancer: { localityLbSetting: { failoverPriority: "nope" } } },
      },
    } as KubernetesObject;
    const { code } = await statusOf(() => dryRunApply(c, bad));
    // 500 from server-side apply's typed patch, 422 from schema validation (docs/kube-harness.md).
    expect([422, 500]).toContain(code);
  });
});
