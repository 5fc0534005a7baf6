// The agent's KubeWriter against a real API server: server-side apply with field manager
// meridian-agent, "unchanged" on re-apply, prune by label (never touching unlabelled or
// foreign objects), conflicts, schema rejections and partial ownership of Services.
import { PatchStrategy, type KubernetesObject, type V1ConfigMap } from "@kubernetes/client-node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import type { DesiredResource } from "../../lib/agent-protocol/messages";
import { KubeWriter } from "../../agent/src/kube/kube-writer";
import { clientsFor, statusOf, uniqueName, type ClusterClients } from "./clients";

const MANAGED = { "app.kubernetes.io/managed-by": "meridian" };

describe("agent KubeWriter", () => {
  let c: ClusterClients;
  let writer: KubeWriter;
  let namespace: string;

  beforeAll(async () => {
    // east-1 only: prune is cluster-wide by design, so this file owns Meridian's
    // objects in this cluster while it runs.
    c = clientsFor("east-1");
    writer = new KubeWriter(c.kc);
    namespace = uniqueName("agent-writer");
    await c.core.createNamespace({ body: { metadata: { name: namespace } } });
  });
  // Each test states the whole desired set; start the next one from nothing of ours.
  afterEach(async () => {
    await writer.apply([]);
  });

  const configMap = (name: string, data: Record<string, string>): DesiredResource => ({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name, namespace, labels: { ...MANAGED } },
    data,
  });
  const destinationRule = (name: string, spec: Record<string, unknown>): DesiredResource => ({
    apiVersion: "networking.istio.io/v1",
    kind: "DestinationRule",
    metadata: { name, namespace, labels: { ...MANAGED } },
    spec,
  });
  const failover = () =>
    destinationRule("reviews-failover", {
      host: "reviews.bookinfo.svc.cluster.local",
      trafficPolicy: {
        loadBalancer: {
          simple: "ROUND_ROBIN",
          localityLbSetting: { enabled: true, failoverPriority: ["topology.kubernetes.io/region"] },
        },
        outlierDetection: { consecutive5xxErrors: 5, interval: "10s", baseEjectionTime: "30s" },
      },
    });
  const summary = (rs: Array<{ kind: string; name: string; result: string }>) =>
    rs.map((r) => `${r.kind}/${r.name}:${r.result}`);
  const managers = (o: { metadata?: { managedFields?: Array<{ manager?: string }> } }) =>
    (o.metadata?.managedFields ?? []).map((f) => f.manager);

  it("applies, reports unchanged on re-apply, prunes what is gone, never touches others", async () => {
    // Look-alikes: same shape, no label; and Meridian's label set by someone else.
    await c.core.createNamespacedConfigMap({
      namespace,
      body: { metadata: { name: "lookalike" }, data: { weight: "100" } },
    });
    await c.core.createNamespacedConfigMap({
      namespace,
      body: { metadata: { name: "foreign", labels: MANAGED }, data: { weight: "100" } },
    });

    const cm = configMap("weights", { weight: "100" });
    expect(summary(await writer.apply([cm, failover()]))).toEqual([
      "ConfigMap/weights:applied",
      "DestinationRule/reviews-failover:applied",
    ]);
    const stored = await c.core.readNamespacedConfigMap({ namespace, name: "weights" });
    expect(stored.metadata?.labels).toEqual(MANAGED);
    expect(managers(stored)).toEqual(["meridian-agent"]);
    const dr = (await c.custom.getNamespacedCustomObject({
      group: "networking.istio.io",
      version: "v1",
      namespace,
      plural: "destinationrules",
      name: "reviews-failover",
    })) as KubernetesObject;
    expect(dr.metadata?.labels).toEqual(MANAGED);
    expect(managers(dr)).toEqual(["meridian-agent"]);

    const rv = stored.metadata?.resourceVersion;
    expect(summary(await writer.apply([cm, failover()]))).toEqual([
      "ConfigMap/weights:unchanged",
      "DestinationRule/reviews-failover:unchanged",
    ]);
    expect(
      (await c.core.readNamespacedConfigMap({ namespace, name: "weights" })).metadata
        ?.resourceVersion,
    ).toBe(rv);

    const results = await writer.apply([failover()]);
    expect(summary(results)).toEqual([
      "DestinationRule/reviews-failover:unchanged",
      "ConfigMap/weights:pruned",
    ]);
    expect(results[1]).toMatchObject({ apiVersion: "v1", namespace, name: "weights" });
    expect(
      (await statusOf(() => c.core.readNamespacedConfigMap({ namespace, name: "weights" }))).code,
    ).toBe(404);
    for (const name of ["lookalike", "foreign"])
      expect((await c.core.readNamespacedConfigMap({ namespace, name })).data).toEqual({
        weight: "100",
      });

    // An empty desired set prunes the rest of Meridian's objects, and still only those.
    expect(summary(await writer.apply([]))).toEqual(["DestinationRule/reviews-failover:pruned"]);
    const left = await c.core.listNamespacedConfigMap({ namespace });
    expect(left.items.map((i) => i.metadata?.name).sort()).toEqual(
      expect.arrayContaining(["foreign", "lookalike"]),
    );
  });

  it("reports an SSA conflict with the API server's message and changes nothing", async () => {
    expect(summary(await writer.apply([configMap("split", { weight: "100" })]))).toEqual([
      "ConfigMap/split:applied",
    ]);
    // An operator's tool takes the field over (forced apply moves ownership).
    await c.objects.patch(
      {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: "split", namespace },
        data: { weight: "50" },
      } as V1ConfigMap,
      undefined,
      undefined,
      "ops-console",
      true,
      PatchStrategy.ServerSideApply,
    );
    const results = await writer.apply([configMap("split", { weight: "90" })]);
    expect(results).toHaveLength(1);
    expect(results[0]?.result).toBe("conflict");
    expect(results[0]?.message).toMatch(/conflict with "ops-console"/);
    expect(results[0]?.message).toContain(".data.weight");
    expect((await c.core.readNamespacedConfigMap({ namespace, name: "split" })).data).toEqual({
      weight: "50",
    });
  });

  it("reports schema rejections as invalid: 422 for a bad enum, 500 typed-patch for a wrong type", async () => {
    const results = await writer.apply([
      destinationRule("bad-enum", {
        host: "reviews",
        trafficPolicy: { loadBalancer: { simple: "FASTEST" } },
      }),
      destinationRule("bad-type", {
        host: "reviews",
        trafficPolicy: { outlierDetection: { consecutive5xxErrors: "five" } },
      }),
    ]);
    expect(results.map((r) => [r.name, r.result])).toEqual([
      ["bad-enum", "invalid"],
      ["bad-type", "invalid"],
    ]);
    expect(results[0]?.message).toContain("spec.trafficPolicy.loadBalancer.simple");
    expect(results[1]?.message).toContain("failed to create typed patch object");
  });

  it("owns only its labels and annotations on someone else's Service, and releases them on prune", async () => {
    await c.objects.patch(
      {
        apiVersion: "v1",
        kind: "Service",
        metadata: {
          name: "reviews",
          namespace,
          labels: { app: "reviews", "app.kubernetes.io/managed-by": "Helm" },
          annotations: { team: "books" },
        },
        spec: { selector: { app: "reviews" }, ports: [{ name: "http", port: 9080 }] },
      } as KubernetesObject,
      undefined,
      undefined,
      "helm",
      true,
      PatchStrategy.ServerSideApply,
    );
    const partial: DesiredResource = {
      apiVersion: "v1",
      kind: "Service",
      metadata: {
        name: "reviews",
        namespace,
        labels: { "mirror.linkerd.io/exported": "true" },
        annotations: { "service.cilium.io/global": "true" },
      },
    };
    const missing: DesiredResource = {
      ...partial,
      metadata: { ...partial.metadata, name: "no-such-service" },
    };
    const results = await writer.apply([partial, missing]);
    expect(summary(results)).toEqual(["Service/reviews:applied", "Service/no-such-service:error"]);
    expect(results[1]?.message).toMatch(/not found/);
    expect(
      (await statusOf(() => c.core.readNamespacedService({ namespace, name: "no-such-service" })))
        .code,
    ).toBe(404);

    const svc = await c.core.readNamespacedService({ namespace, name: "reviews" });
    expect(svc.metadata?.labels).toEqual({
      app: "reviews",
      "app.kubernetes.io/managed-by": "Helm",
      "mirror.linkerd.io/exported": "true",
    });
    expect(svc.metadata?.annotations).toEqual({
      team: "books",
      "service.cilium.io/global": "true",
    });
    expect(svc.spec?.ports?.map((p) => p.port)).toEqual([9080]);
    const ours = svc.metadata?.managedFields?.find((f) => f.manager === "meridian-agent");
    expect(ours?.fieldsV1).toEqual({
      "f:metadata": {
        "f:annotations": { "f:service.cilium.io/global": {} },
        "f:labels": { "f:mirror.linkerd.io/exported": {} },
      },
    });

    expect(summary(await writer.apply([partial]))).toEqual(["Service/reviews:unchanged"]);

    // No longer desired: released, not deleted; helm's fields stay.
    const released = await writer.apply([]);
    expect(summary(released)).toEqual(["Service/reviews:pruned"]);
    const after = await c.core.readNamespacedService({ namespace, name: "reviews" });
    expect(after.metadata?.uid).toBe(svc.metadata?.uid);
    expect(after.metadata?.labels).toEqual({
      app: "reviews",
      "app.kubernetes.io/managed-by": "Helm",
    });
    expect(after.metadata?.annotations).toEqual({ team: "books" });
    expect(managers(after)).toEqual(["helm"]);
  });
});
