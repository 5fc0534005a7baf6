// Fixtures against three real clusters: Distributed Bookinfo, mesh markers, the
// upstream CRDs installed everywhere, and isolation between clusters.
import { ApiextensionsV1Api } from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";

import { clientsFor, harnessClusters, statusOf } from "./clients";
import { BOOKINFO_NAMESPACE, DISTRIBUTED_BOOKINFO, loadBookinfo } from "./fixtures/bookinfo";
import { FLEET_MESHES, loadFleet } from "./fixtures/fleet";
import { MESH_MARKERS, type MeshKind } from "./fixtures/meshes";
import { TEST_ROOT_A_PEM, TEST_ROOT_B_PEM } from "./fixtures/test-roots";

const MESHES = FLEET_MESHES;

/** What the agent's detection will do: every namespace, object (with keys) and CRD present. */
async function detect(cluster: string, mesh: MeshKind): Promise<boolean> {
  const c = clientsFor(cluster);
  const set = MESH_MARKERS[mesh];
  const present = async (fn: () => Promise<unknown>) =>
    fn().then(
      () => true,
      () => false,
    );
  for (const ns of set.namespaces)
    if (!(await present(() => c.core.readNamespace({ name: ns })))) return false;
  for (const o of set.objects) {
    const obj =
      o.kind === "ConfigMap"
        ? await c.core
            .readNamespacedConfigMap({ namespace: o.namespace, name: o.name })
            .catch(() => undefined)
        : await c.core
            .readNamespacedSecret({ namespace: o.namespace, name: o.name })
            .catch(() => undefined);
    if (!obj || !o.requiredKeys.every((k) => obj.data?.[k] !== undefined)) return false;
  }
  const crds = c.kc.makeApiClient(ApiextensionsV1Api);
  for (const name of set.crds)
    if (!(await present(() => crds.readCustomResourceDefinition({ name })))) return false;
  return true;
}

describe("fixtures on three clusters", () => {
  beforeAll(async () => {
    await loadFleet(DISTRIBUTED_BOOKINFO.map((c) => ({ name: c.name, kc: clientsFor(c.name).kc })));
  });

  it("starts the three clusters of Distributed Bookinfo", () => {
    expect(harnessClusters().map((c) => c.name)).toEqual(DISTRIBUTED_BOOKINFO.map((c) => c.name));
  });

  it("installs every upstream CRD, Established, in every cluster", async () => {
    const wanted = Object.values(MESH_MARKERS).flatMap((m) => m.crds);
    wanted.push("serviceexports.multicluster.x-k8s.io", "serviceimports.multicluster.x-k8s.io");
    for (const cluster of harnessClusters()) {
      const api = clientsFor(cluster.name).kc.makeApiClient(ApiextensionsV1Api);
      const list = await api.listCustomResourceDefinition();
      const established = list.items
        .filter((crd) =>
          crd.status?.conditions?.some((x) => x.type === "Established" && x.status === "True"),
        )
        .map((crd) => crd.metadata?.name);
      expect(established).toEqual(expect.arrayContaining(wanted));
    }
  });

  it("loads Bookinfo Services and controller-labelled EndpointSlices with zones and readiness", async () => {
    for (const layout of DISTRIBUTED_BOOKINFO) {
      const c = clientsFor(layout.name);
      const services = await c.core.listNamespacedService({ namespace: BOOKINFO_NAMESPACE });
      const apps = [...new Set(layout.placements.map((p) => p.app))].sort();
      expect(services.items.map((s) => s.metadata?.name).sort()).toEqual(apps);

      const slices = await c.discovery.listNamespacedEndpointSlice({
        namespace: BOOKINFO_NAMESPACE,
        labelSelector: "endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io",
      });
      for (const app of apps) {
        const slice = slices.items.find(
          (s) => s.metadata?.labels?.["kubernetes.io/service-name"] === app,
        );
        const placed = layout.placements.filter((p) => p.app === app);
        const total = placed.reduce((n, p) => n + p.replicas, 0);
        const ready = placed.reduce((n, p) => n + p.replicas - (p.notReady ?? 0), 0);
        expect(slice?.endpoints).toHaveLength(total);
        expect((slice?.endpoints ?? []).filter((e) => e.conditions?.ready)).toHaveLength(ready);
        expect(new Set((slice?.endpoints ?? []).map((e) => e.zone))).toEqual(
          new Set(placed.map((p) => p.zone)),
        );
      }
      const nodes = await c.core.listNode({
        labelSelector: `topology.kubernetes.io/region=${layout.region}`,
      });
      expect(
        nodes.items.map((n) => n.metadata?.labels?.["topology.kubernetes.io/zone"]).sort(),
      ).toEqual([...layout.zones].sort());
    }
    // east-2 has one not-ready ratings pod.
    const ratings = await clientsFor("east-2").discovery.readNamespacedEndpointSlice({
      namespace: BOOKINFO_NAMESPACE,
      name: "ratings-east-2",
    });
    expect((ratings.endpoints ?? []).map((e) => e.conditions?.ready)).toEqual([true, false]);
  });

  it("reloading Bookinfo is idempotent (server-side apply)", async () => {
    const c = clientsFor("east-1");
    const before = await c.core.readNamespacedService({
      namespace: BOOKINFO_NAMESPACE,
      name: "reviews",
    });
    await loadBookinfo(c.kc, "east-1");
    const after = await c.core.readNamespacedService({
      namespace: BOOKINFO_NAMESPACE,
      name: "reviews",
    });
    expect(after.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
  });

  it("detects exactly the meshes whose markers were installed, per cluster", async () => {
    for (const cluster of Object.keys(MESHES)) {
      const found: MeshKind[] = [];
      for (const mesh of Object.keys(MESH_MARKERS) as MeshKind[])
        if (await detect(cluster, mesh)) found.push(mesh);
      expect({ cluster, found: found.sort() }).toEqual({
        cluster,
        found: [...(MESHES[cluster] ?? [])].sort(),
      });
    }
  });

  it("writes readable trust roots and identity where the marker set says", async () => {
    const east1 = clientsFor("east-1").core;
    const istio = await east1.readNamespacedConfigMap({ namespace: "istio-system", name: "istio" });
    expect(istio.data?.mesh).toContain("trustDomain: bookinfo.example");
    expect(istio.metadata?.labels?.["app.kubernetes.io/version"]).toBeTruthy();
    const root = await east1.readNamespacedConfigMap({
      namespace: "istio-system",
      name: "istio-ca-root-cert",
    });
    expect(root.data?.["root-cert.pem"]).toBe(TEST_ROOT_A_PEM);

    const linkerd = await clientsFor("east-2").core.readNamespacedConfigMap({
      namespace: "linkerd",
      name: "linkerd-config",
    });
    expect(linkerd.data?.values).toContain("identityTrustDomain: bookinfo.example");

    const west = clientsFor("west-1").core;
    const cilium = await west.readNamespacedConfigMap({
      namespace: "kube-system",
      name: "cilium-config",
    });
    expect(cilium.data).toMatchObject({ "cluster-name": "west-1", "cluster-id": "3" });
    const consulCa = await west.readNamespacedSecret({
      namespace: "consul",
      name: "consul-ca-cert",
    });
    expect(Buffer.from(consulCa.data?.["tls.crt"] ?? "", "base64").toString()).toBe(
      TEST_ROOT_B_PEM,
    );
  });

  it("keeps clusters independent: an object in east-1 does not exist in west-1", async () => {
    const status = await statusOf(() =>
      clientsFor("west-1").core.readNamespace({ name: "istio-system" }),
    );
    expect(status.code).toBe(404);
  });
});
