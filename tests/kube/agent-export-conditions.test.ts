// ServiceExport conditions read back by the agent (issue 20, MCS v1beta1): the harness runs no
// MCS controller, so this test writes the status a controller would (through the real API
// server's status subresource) and the agent's KubeWriter reads it back, trimmed to the
// condition types of sigs.k8s.io/mcs-api. Only refreshConditions is called: apply([]) would
// prune every Meridian object in the cluster, which agent-writer.test.ts owns in east-1.
import { CustomObjectsApi, PatchStrategy, type KubernetesObject } from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";

import { exportConflicted, FIELD_MANAGER } from "../../lib/agent-protocol/messages";
import { KubeWriter } from "../../agent/src/kube/kube-writer";
import { clientsFor, uniqueName, type ClusterClients } from "./clients";

describe("ServiceExport conditions read back by the agent", () => {
  let c: ClusterClients;
  let namespace: string;

  beforeAll(async () => {
    c = clientsFor("east-2");
    namespace = uniqueName("export-conditions");
    await c.core.createNamespace({ body: { metadata: { name: namespace } } });
  });

  it("reports Accepted and Conflicted (and the deprecated Valid) as the controller set them", async () => {
    const body = {
      apiVersion: "multicluster.x-k8s.io/v1beta1",
      kind: "ServiceExport",
      metadata: { name: "reviews", namespace },
    };
    await c.objects.patch(
      body as KubernetesObject,
      undefined,
      undefined,
      FIELD_MANAGER,
      false,
      PatchStrategy.ServerSideApply,
    );
    const writer = new KubeWriter(c.kc);
    const result = {
      apiVersion: body.apiVersion,
      kind: body.kind,
      namespace,
      name: "reviews",
      result: "applied" as const,
      message: "",
    };
    // No controller has written a status yet: no conditions.
    expect(await writer.refreshConditions([result])).toEqual([result]);

    const now = new Date().toISOString();
    const cond = (type: string, status: string, reason: string, message = "") => ({
      type,
      status,
      reason,
      message,
      lastTransitionTime: now,
    });
    const custom = c.kc.makeApiClient(CustomObjectsApi);
    const ref = {
      group: "multicluster.x-k8s.io",
      version: "v1beta1",
      namespace,
      plural: "serviceexports",
      name: "reviews",
    };
    const live = (await custom.getNamespacedCustomObject(ref)) as Record<string, unknown>;
    await custom.replaceNamespacedCustomObjectStatus({
      ...ref,
      body: {
        ...live,
        status: {
          conditions: [
            cond("Valid", "True", "Valid"),
            cond("Accepted", "True", "Accepted"),
            cond("Conflicted", "True", "PortConflict", "port 9080 differs from east-1's"),
            cond("SomethingElse", "True", "Whatever"),
          ],
        },
      },
    });
    const [read] = await writer.refreshConditions([result]);
    expect(read?.conditions).toEqual([
      { type: "Valid", status: "True", reason: "Valid", message: "" },
      { type: "Accepted", status: "True", reason: "Accepted", message: "" },
      {
        type: "Conflicted",
        status: "True",
        reason: "PortConflict",
        message: "port 9080 differs from east-1's",
      },
    ]);
    expect(exportConflicted(read?.conditions)).toBe(true);
  });
});
