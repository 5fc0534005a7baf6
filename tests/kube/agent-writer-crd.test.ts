// The agent's KubeWriter with a kind whose CRD is missing (SMI TrafficSplit is not
// installed by the harness): "crd-missing", then "applied" once the CRD is installed.
import { readFileSync } from "node:fs";

import {
  ApiextensionsV1Api,
  loadAllYaml,
  type V1CustomResourceDefinition,
} from "@kubernetes/client-node";
import { afterAll, describe, expect, it } from "vitest";

import type { DesiredResource } from "../../lib/agent-protocol/messages";
import { KubeWriter } from "../../agent/src/kube/kube-writer";
import { clientsFor, statusOf, uniqueName } from "./clients";

const SMI_CRD_FILE = "/work/shared/reference/crds/smi/split.yaml";
const CRD_NAME = "trafficsplits.split.smi-spec.io";

describe("agent KubeWriter and missing CRDs", () => {
  // west-1, and the CRD is deleted afterwards: api-semantics.test.ts relies on SMI being
  // absent (in east-2), and other files share these API servers.
  const c = clientsFor("west-1");
  const crds = c.kc.makeApiClient(ApiextensionsV1Api);

  afterAll(async () => {
    await crds.deleteCustomResourceDefinition({ name: CRD_NAME }).catch(() => undefined);
    // The apiextensions server's own finalizer removes instances, then the CRD.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const gone = await statusOf(() =>
        crds.readCustomResourceDefinition({ name: CRD_NAME }),
      ).catch(() => undefined);
      if (gone?.code === 404) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${CRD_NAME} still present 30 s after delete`);
  });

  it("reports crd-missing for TrafficSplit, then applied once the SMI CRD is installed", async () => {
    const namespace = uniqueName("agent-crd");
    await c.core.createNamespace({ body: { metadata: { name: namespace } } });
    const split: DesiredResource = {
      apiVersion: "split.smi-spec.io/v1alpha4",
      kind: "TrafficSplit",
      metadata: {
        name: "reviews",
        namespace,
        labels: { "app.kubernetes.io/managed-by": "meridian" },
      },
      spec: {
        service: "reviews",
        backends: [
          { service: "reviews-v1", weight: 90 },
          { service: "reviews-v2", weight: 10 },
        ],
      },
    };
    const writer = new KubeWriter(c.kc);
    // Only the TrafficSplit's result: the apply also prunes Meridian-owned objects that other
    // suites on west-1 (agent-drift) left there, and reports those too.
    const missing = (await writer.apply([split])).filter((r) => r.kind === "TrafficSplit");
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({
      kind: "TrafficSplit",
      name: "reviews",
      result: "crd-missing",
    });
    expect(missing[0]?.message).toContain("split.smi-spec.io/v1alpha4 TrafficSplit is not served");

    const crd = (
      loadAllYaml(readFileSync(SMI_CRD_FILE, "utf8")) as V1CustomResourceDefinition[]
    ).find((d) => d?.kind === "CustomResourceDefinition" && d.metadata?.name === CRD_NAME);
    if (!crd) throw new Error(`${SMI_CRD_FILE} holds no ${CRD_NAME}`);
    await crds.createCustomResourceDefinition({ body: crd });
    // Wait until the new kind is served (Established, then discovery and handler).
    await expect
      .poll(
        async () =>
          c.custom
            .listNamespacedCustomObject({
              group: "split.smi-spec.io",
              version: "v1alpha4",
              namespace,
              plural: "trafficsplits",
            })
            .then(
              () => true,
              () => false,
            ),
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);

    // The same writer: a failed discovery is not cached.
    const applied = await writer.apply([split]);
    expect(applied.map((r) => r.result)).toEqual(["applied"]);
    const stored = (await c.custom.getNamespacedCustomObject({
      group: "split.smi-spec.io",
      version: "v1alpha4",
      namespace,
      plural: "trafficsplits",
      name: "reviews",
    })) as { spec: unknown; metadata: { managedFields: Array<{ manager: string }> } };
    expect(stored.spec).toEqual(split.spec);
    expect(stored.metadata.managedFields.map((f) => f.manager)).toEqual(["meridian-agent"]);
    expect((await writer.apply([split])).map((r) => r.result)).toEqual(["unchanged"]);
  });
});
