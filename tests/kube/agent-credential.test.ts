// The agent's credential survives a restart in a Secret, under least-privilege RBAC.
import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { describe, expect, inject, it } from "vitest";
import { secretCredentialStore } from "@/agent/src/credential-secret";

describe("credential Secret store", () => {
  it("saves and loads the credential in the pre-created Secret", async () => {
    const cluster = inject("kubeClusters")[0]!;
    const kc = new KubeConfig();
    kc.loadFromFile(cluster.kubeconfig);
    const core = kc.makeApiClient(CoreV1Api);
    const namespace = `cred-${Date.now()}`;
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    await core.createNamespacedSecret({
      namespace,
      body: { metadata: { name: "meridian-agent-credential" }, type: "Opaque" },
    });
    const store = secretCredentialStore(kc, namespace, "meridian-agent-credential");
    expect(await store.load()).toBeUndefined();
    await store.save("mrd_agent_test-credential");
    expect(await secretCredentialStore(kc, namespace, "meridian-agent-credential").load()).toBe(
      "mrd_agent_test-credential",
    );
  });
});
