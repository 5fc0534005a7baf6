// Create, list and watch Services and EndpointSlices against a real kube-apiserver.
import { beforeAll, describe, expect, it } from "vitest";

import { clientsFor, uniqueName, type ClusterClients } from "./clients";
import { watchUntil } from "./watch-events";

describe("Services and EndpointSlices: create, list, watch", () => {
  let c: ClusterClients;
  let namespace: string;

  beforeAll(async () => {
    c = clientsFor("east-1");
    namespace = uniqueName("watch");
    await c.core.createNamespace({ body: { metadata: { name: namespace } } });
  });

  it("creates a Service, lists it and sees ADDED then MODIFIED on a watch from the list's resourceVersion", async () => {
    const before = await c.core.listNamespacedService({ namespace });
    expect(before.items).toHaveLength(0);
    const rv = before.metadata?.resourceVersion;
    expect(rv).toBeTruthy();

    const result = await watchUntil(
      c.kc,
      `/api/v1/namespaces/${namespace}/services`,
      { resourceVersion: rv },
      (events) => events.some((e) => e.type === "MODIFIED"),
      15_000,
      async () => {
        await c.core.createNamespacedService({
          namespace,
          body: {
            metadata: { name: "reviews", labels: { app: "reviews" } },
            spec: { selector: { app: "reviews" }, ports: [{ port: 9080 }] },
          },
        });
        await c.core.patchNamespacedService({
          namespace,
          name: "reviews",
          body: [{ op: "add", path: "/metadata/labels/tier", value: "backend" }],
        });
      },
    );
    expect(result.error).toBeUndefined();
    expect(result.events.map((e) => `${e.type}:${e.object.metadata?.name}`)).toEqual([
      "ADDED:reviews",
      "MODIFIED:reviews",
    ]);

    const list = await c.core.listNamespacedService({ namespace, labelSelector: "app=reviews" });
    expect(list.items.map((s) => s.metadata?.name)).toEqual(["reviews"]);
    // The API server allocated a ClusterIP from --service-cluster-ip-range (10.0.0.0/24).
    expect(list.items[0]?.spec?.clusterIP).toMatch(/^10\.0\.0\.\d+$/);
  });

  it("creates an EndpointSlice with zones and readiness, lists it by service label, and watches a readiness change", async () => {
    const labels = {
      "kubernetes.io/service-name": "reviews",
      "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
    };
    const created = await c.discovery.createNamespacedEndpointSlice({
      namespace,
      body: {
        metadata: { name: "reviews-abc12", labels },
        addressType: "IPv4",
        ports: [{ name: "http", port: 9080, protocol: "TCP" }],
        endpoints: [
          {
            addresses: ["10.1.0.1"],
            zone: "us-east-1a",
            conditions: { ready: true, serving: true, terminating: false },
          },
          {
            addresses: ["10.1.0.2"],
            zone: "us-east-1b",
            conditions: { ready: false, serving: false, terminating: false },
          },
        ],
      },
    });
    const list = await c.discovery.listNamespacedEndpointSlice({
      namespace,
      labelSelector: "kubernetes.io/service-name=reviews",
    });
    expect(list.items).toHaveLength(1);
    expect((list.items[0]?.endpoints ?? []).map((e) => [e.zone, e.conditions?.ready])).toEqual([
      ["us-east-1a", true],
      ["us-east-1b", false],
    ]);

    const result = await watchUntil(
      c.kc,
      `/apis/discovery.k8s.io/v1/namespaces/${namespace}/endpointslices`,
      {
        resourceVersion: created.metadata?.resourceVersion,
        labelSelector: "kubernetes.io/service-name=reviews",
      },
      (events) => events.some((e) => e.type === "MODIFIED"),
      15_000,
      async () => {
        await c.discovery.patchNamespacedEndpointSlice({
          namespace,
          name: "reviews-abc12",
          body: [
            {
              op: "replace",
              path: "/endpoints/1/conditions",
              value: { ready: true, serving: true, terminating: false },
            },
          ],
        });
      },
    );
    expect(result.error).toBeUndefined();
    const modified = result.events.find((e) => e.type === "MODIFIED")?.object as unknown as {
      endpoints: Array<{ conditions: { ready: boolean } }>;
    };
    expect(modified.endpoints.map((e) => e.conditions.ready)).toEqual([true, true]);
  });
});
