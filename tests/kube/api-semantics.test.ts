// Real API-server semantics the agent relies on: server-side apply conflicts,
// optimistic concurrency, 410 Gone after compaction, CRD schema validation, 404 for
// kinds whose CRD is absent.
import { PatchStrategy, type KubernetesObject, type V1ConfigMap } from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";

import { clientsFor, statusOf, uniqueName, type ClusterClients } from "./clients";
import { compactEtcd, createTestCrd, etcdRangeAt } from "./etcd";
import { watchUntil } from "./watch-events";

describe("API server semantics", () => {
  let c: ClusterClients;
  let namespace: string;

  beforeAll(async () => {
    c = clientsFor("east-2");
    namespace = uniqueName("semantics");
    await c.core.createNamespace({ body: { metadata: { name: namespace } } });
  });

  const configMap = (name: string, data: Record<string, string>): KubernetesObject =>
    ({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name, namespace },
      data,
    }) as KubernetesObject;

  it("server-side apply creates; a second manager changing an owned field gets 409 unless forced", async () => {
    const apply = (obj: KubernetesObject, manager: string, force: boolean) =>
      c.objects.patch(obj, undefined, undefined, manager, force, PatchStrategy.ServerSideApply);

    const created = (await apply(
      configMap("ssa", { weight: "100" }),
      "meridian-agent",
      false,
    )) as V1ConfigMap;
    expect(created.data).toEqual({ weight: "100" });
    expect(created.metadata?.managedFields?.map((f) => [f.manager, f.operation])).toEqual([
      ["meridian-agent", "Apply"],
    ]);

    const conflict = await statusOf(() =>
      apply(configMap("ssa", { weight: "50" }), "someone-else", false),
    );
    expect(conflict.code).toBe(409);
    expect(conflict.body).toContain("conflict");

    const forced = (await apply(
      configMap("ssa", { weight: "50" }),
      "someone-else",
      true,
    )) as V1ConfigMap;
    expect(forced.data).toEqual({ weight: "50" });
    expect(forced.metadata?.managedFields?.map((f) => f.manager)).toEqual(["someone-else"]);

    // The first manager now conflicts in turn: forcing moved the field's ownership.
    expect(
      (await statusOf(() => apply(configMap("ssa", { weight: "100" }), "meridian-agent", false)))
        .code,
    ).toBe(409);
  });

  it("an update with a stale resourceVersion gets 409 Conflict", async () => {
    const v1 = await c.core.createNamespacedConfigMap({
      namespace,
      body: { metadata: { name: "occ" }, data: { a: "1" } },
    });
    const v2 = await c.core.replaceNamespacedConfigMap({
      namespace,
      name: "occ",
      body: { ...v1, data: { a: "2" } },
    });
    expect(v2.metadata?.resourceVersion).not.toBe(v1.metadata?.resourceVersion);

    const stale = await statusOf(() =>
      c.core.replaceNamespacedConfigMap({
        namespace,
        name: "occ",
        body: { ...v1, data: { a: "3" } },
      }),
    );
    expect(stale.code).toBe(409);
    expect(stale.body).toContain("the object has been modified");
    expect((await c.core.readNamespacedConfigMap({ namespace, name: "occ" })).data).toEqual({
      a: "2",
    });
  });

  it("a watch from a compacted resourceVersion gets 410 Gone", async () => {
    // An old revision: then a new kind, whose watch cache starts after it, and an etcd
    // compaction past it. Neither the watch cache nor etcd can replay from there.
    const old = await c.core.createNamespacedConfigMap({
      namespace,
      body: { metadata: { name: "old" } },
    });
    const oldRv = Number(old.metadata?.resourceVersion);
    const crd = await createTestCrd(c);
    const now = await c.core.createNamespacedConfigMap({
      namespace,
      body: { metadata: { name: "now" } },
    });
    await compactEtcd(c.info.etcd, Number(now.metadata?.resourceVersion));
    expect(await etcdRangeAt(c.info.etcd, oldRv)).toMatch(/compacted/);

    const path = `/apis/${crd.group}/v1/namespaces/${namespace}/${crd.plural}`;
    const gone = await watchUntil(c.kc, path, { resourceVersion: String(oldRv) }, (events) =>
      events.some((e) => e.type === "ERROR"),
    );
    // kube-apiserver 1.37 answers HTTP 200 and sends the 410 as an in-stream ERROR event
    // (client-node would report a refused watch's HTTP status through `done` instead);
    // informers must handle both.
    expect(gone.httpStatus).toBeUndefined();
    expect(gone.events.find((e) => e.type === "ERROR")?.object).toMatchObject({
      kind: "Status",
      code: 410,
      reason: "Expired",
    });

    // Relisting and watching from the list's resourceVersion works (what an informer does on 410).
    const list = (await c.custom.listNamespacedCustomObject({
      group: crd.group,
      version: "v1",
      namespace,
      plural: crd.plural,
    })) as {
      metadata: { resourceVersion: string };
    };
    const fresh = await watchUntil(
      c.kc,
      path,
      { resourceVersion: list.metadata.resourceVersion },
      (events) => events.some((e) => e.type === "ADDED"),
      15_000,
      async () => {
        await c.custom.createNamespacedCustomObject({
          group: crd.group,
          version: "v1",
          namespace,
          plural: crd.plural,
          body: { apiVersion: `${crd.group}/v1`, kind: crd.kind, metadata: { name: "w1" } },
        });
      },
    );
    expect(fresh.events.map((e) => e.type)).toEqual(["ADDED"]);
  });

  it("the Istio CRD schema rejects an invalid DestinationRule and accepts a valid one", async () => {
    const dr = (name: string, spec: Record<string, unknown>): KubernetesObject =>
      ({
        apiVersion: "networking.istio.io/v1",
        kind: "DestinationRule",
        metadata: { name, namespace },
        spec,
      }) as KubernetesObject;
    const apply = (obj: KubernetesObject) =>
      c.objects.patch(
        obj,
        undefined,
        undefined,
        "meridian-agent",
        true,
        PatchStrategy.ServerSideApply,
      );

    const ok = await apply(
      dr("reviews", {
        host: "reviews.bookinfo.svc.cluster.local",
        trafficPolicy: {
          loadBalancer: {
            simple: "ROUND_ROBIN",
            localityLbSetting: {
              enabled: true,
              failoverPriority: ["topology.kubernetes.io/region"],
            },
          },
          outlierDetection: { consecutive5xxErrors: 5, interval: "10s", baseEjectionTime: "30s" },
        },
      }),
    );
    expect(ok.metadata?.uid).toBeTruthy();

    const badEnum = await statusOf(() =>
      apply(
        dr("bad-enum", { host: "reviews", trafficPolicy: { loadBalancer: { simple: "FASTEST" } } }),
      ),
    );
    expect(badEnum.code).toBe(422);
    expect(badEnum.body).toContain("spec.trafficPolicy.loadBalancer.simple");

    const noHost = await statusOf(() => apply(dr("no-host", { trafficPolicy: {} })));
    expect(noHost.code).toBe(422);
    expect(noHost.body).toContain("spec.host");

    // A wrongly typed field: server-side apply fails while building the typed patch and
    // answers 500 (upstream behaviour), a plain create fails schema validation with 422.
    // The agent must treat both as "rejected", not as a transient server error.
    const wrongType = {
      host: "reviews",
      trafficPolicy: { outlierDetection: { consecutive5xxErrors: "five" } },
    };
    const badTypeApply = await statusOf(() => apply(dr("bad-type", wrongType)));
    expect(badTypeApply.code).toBe(500);
    expect(badTypeApply.body).toContain("failed to create typed patch object");
    const badTypeCreate = await statusOf(() =>
      c.custom.createNamespacedCustomObject({
        group: "networking.istio.io",
        version: "v1",
        namespace,
        plural: "destinationrules",
        body: dr("bad-type", wrongType),
      }),
    );
    expect(badTypeCreate.code).toBe(422);
    expect(badTypeCreate.body).toContain(
      "spec.trafficPolicy.outlierDetection.consecutive5xxErrors",
    );
  });

  it("listing a kind whose CRD is not installed gets 404", async () => {
    const smi = await statusOf(() =>
      c.custom.listNamespacedCustomObject({
        group: "split.smi-spec.io",
        version: "v1alpha4",
        namespace,
        plural: "trafficsplits",
      }),
    );
    expect(smi.code).toBe(404);
    // An installed group but an unknown plural is a 404 too.
    const unknown = await statusOf(() =>
      c.custom.listNamespacedCustomObject({
        group: "networking.istio.io",
        version: "v1",
        namespace,
        plural: "nosuchthings",
      }),
    );
    expect(unknown.code).toBe(404);
  });
});
