// The agent's KubeInventory against real API servers: Bookinfo discovery with per-zone
// endpoint counts and mesh detection on the demo fleet, and live updates.
import { beforeAll, describe, expect, it } from "vitest";

import { clusterSnapshotSchema } from "../../lib/agent-protocol/snapshot";
import { MESH_RULES } from "../../lib/meshes/detectors";
import { KubeInventory } from "../../agent/src/kube/kube-inventory";
import { clientsFor, uniqueName } from "./clients";
import { BOOKINFO_NAMESPACE, BOOKINFO_PORT, DISTRIBUTED_BOOKINFO } from "./fixtures/bookinfo";
import { FLEET_MESHES, FLEET_TRUST_DOMAIN, loadFleet } from "./fixtures/fleet";
import { MESH_MARKERS, type MeshKind } from "./fixtures/meshes";
import { TEST_ROOT_A_SHA256, TEST_ROOT_B_SHA256 } from "./fixtures/test-roots";

/** Expected endpointsByZone per app for one cluster of the fleet. */
function expectedCounts(cluster: string) {
  const layout = DISTRIBUTED_BOOKINFO.find((c) => c.name === cluster);
  const out: Record<string, Record<string, { ready: number; total: number }>> = {};
  for (const p of layout?.placements ?? []) {
    const zones = (out[p.app] ??= {});
    const z = (zones[p.zone] ??= { ready: 0, total: 0 });
    z.total += p.replicas;
    z.ready += p.replicas - (p.notReady ?? 0);
  }
  return out;
}

const FLEET_VERSIONS: Record<MeshKind, string> = {
  istio: "1.27.1",
  linkerd: "edge-25.4.4",
  cilium: "1.18.0",
  consul: "",
};

describe("agent KubeInventory", () => {
  beforeAll(async () => {
    await loadFleet(DISTRIBUTED_BOOKINFO.map((c) => ({ name: c.name, kc: clientsFor(c.name).kc })));
  });

  it("the agent's mesh rules agree with the test-side MESH_MARKERS contract", () => {
    expect(Object.keys(MESH_RULES).sort()).toEqual(Object.keys(MESH_MARKERS).sort());
    for (const mesh of Object.keys(MESH_MARKERS) as MeshKind[]) {
      const rule = MESH_RULES[mesh];
      const markers = MESH_MARKERS[mesh];
      expect({
        mesh: rule.mesh,
        namespaces: rule.namespaces,
        objects: rule.objects,
        crds: rule.crds,
        trustRoot: rule.trustRoot,
      }).toEqual({
        mesh: markers.mesh,
        namespaces: markers.namespaces,
        objects: markers.objects,
        crds: markers.crds,
        trustRoot: markers.trustRoot,
      });
    }
  });

  it.each(DISTRIBUTED_BOOKINFO.map((c) => c.name))(
    "discovers Bookinfo with per-zone counts and the fleet's meshes in %s",
    async (cluster) => {
      const inv = new KubeInventory(clientsFor(cluster).kc);
      await inv.start();
      try {
        const snap = inv.current();
        expect(clusterSnapshotSchema.parse(snap)).toEqual(snap);
        expect(
          snap.services.some((s) => s.namespace === "default" && s.name === "kubernetes"),
        ).toBe(false);
        const bookinfo = snap.services.filter((s) => s.namespace === BOOKINFO_NAMESPACE);
        const expected = expectedCounts(cluster);
        expect(bookinfo.map((s) => s.name).sort()).toEqual(Object.keys(expected).sort());
        for (const s of bookinfo) {
          expect(s).toEqual({
            namespace: BOOKINFO_NAMESPACE,
            name: s.name,
            type: "ClusterIP",
            ports: [
              { name: "http", port: BOOKINFO_PORT, protocol: "TCP", targetPort: BOOKINFO_PORT },
            ],
            labels: { app: s.name, service: s.name },
            endpointsByZone: expected[s.name],
          });
        }

        const index = DISTRIBUTED_BOOKINFO.findIndex((c) => c.name === cluster);
        const meshes = [...(FLEET_MESHES[cluster] ?? [])].map((mesh) => ({
          type: mesh,
          version: FLEET_VERSIONS[mesh],
          trustDomain:
            mesh === "cilium"
              ? `${cluster}/${index + 1}`
              : mesh === "consul"
                ? ""
                : FLEET_TRUST_DOMAIN,
          rootCaFingerprint: mesh === "consul" ? TEST_ROOT_B_SHA256 : TEST_ROOT_A_SHA256,
          // The fixture's mesh config sets no DNS proxy: Istio's default, off.
          ...(mesh === "istio" ? { dnsProxy: { capture: false, autoAllocate: false } } : {}),
          // The root read from the real objects, as the bundle endpoint will serve it.
          trust: expect.objectContaining({
            roots: [
              expect.objectContaining({
                fingerprint: mesh === "consul" ? TEST_ROOT_B_SHA256 : TEST_ROOT_A_SHA256,
              }),
            ],
          }),
        }));
        expect([...snap.meshes].sort((a, b) => a.type.localeCompare(b.type))).toEqual(
          meshes.sort((a, b) => a.type.localeCompare(b.type)),
        );
        // Every harness cluster has the mcs-api and Gateway API CRDs (test/kube/crds).
        expect(snap.servedApis).toEqual({
          "multicluster.x-k8s.io": ["v1alpha1", "v1beta1"],
          "gateway.networking.k8s.io": ["v1", "v1beta1"],
        });
      } finally {
        await inv.stop();
      }
    },
  );

  it("fires onChange and reflects a newly ready endpoint within 1 s", async () => {
    const c = clientsFor("east-1");
    const namespace = uniqueName("agent-inv");
    await c.core.createNamespace({ body: { metadata: { name: namespace } } });
    await c.core.createNamespacedService({
      namespace,
      body: { metadata: { name: "reviews" }, spec: { ports: [{ port: 9080 }] } },
    });
    const endpoint = (ip: string, ready: boolean) => ({
      addresses: [ip],
      zone: "us-east-1a",
      conditions: { ready, serving: ready, terminating: false },
      targetRef: { kind: "Pod", namespace, name: `reviews-${ip}` },
    });
    await c.discovery.createNamespacedEndpointSlice({
      namespace,
      body: {
        metadata: { name: "reviews-1", labels: { "kubernetes.io/service-name": "reviews" } },
        addressType: "IPv4",
        endpoints: [endpoint("10.9.0.1", true)],
      },
    });

    const inv = new KubeInventory(c.kc);
    await inv.start();
    try {
      const counts = () =>
        inv.current().services.find((s) => s.namespace === namespace && s.name === "reviews")
          ?.endpointsByZone;
      expect(counts()).toEqual({ "us-east-1a": { ready: 1, total: 1 } });

      // A new pod appears not ready, then becomes ready.
      await c.discovery.patchNamespacedEndpointSlice({
        namespace,
        name: "reviews-1",
        body: [{ op: "add", path: "/endpoints/-", value: endpoint("10.9.0.2", false) }],
      });
      await expect.poll(counts, { timeout: 1000, interval: 20 }).toEqual({
        "us-east-1a": { ready: 1, total: 2 },
      });

      let fired = 0;
      let seenAt = 0;
      inv.onChange(() => {
        fired += 1;
        if (!seenAt && counts()?.["us-east-1a"]?.ready === 2) seenAt = Date.now();
      });
      const began = Date.now();
      await c.discovery.patchNamespacedEndpointSlice({
        namespace,
        name: "reviews-1",
        body: [
          {
            op: "replace",
            path: "/endpoints/1/conditions",
            value: { ready: true, serving: true, terminating: false },
          },
        ],
      });
      await expect.poll(() => seenAt, { timeout: 1000, interval: 10 }).toBeGreaterThan(0);
      expect(fired).toBeGreaterThan(0);
      expect(seenAt - began).toBeLessThan(1000);
      expect(counts()).toEqual({ "us-east-1a": { ready: 2, total: 2 } });
    } finally {
      await inv.stop();
    }
  });
});
