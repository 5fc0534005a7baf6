// RBAC is on: a least-privilege ServiceAccount token (TokenRequest API) can do what its
// Role allows and gets 403 for the rest — the setup the agent's own RBAC will be tested in.
import { CoreV1Api, KubeConfig, RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";

import { clientsFor, statusOf, uniqueName, type ClusterClients } from "./clients";

describe("RBAC with ServiceAccount tokens", () => {
  let c: ClusterClients;
  let namespace: string;
  let reader: CoreV1Api;

  beforeAll(async () => {
    c = clientsFor("west-1");
    namespace = uniqueName("rbac");
    await c.core.createNamespace({ body: { metadata: { name: namespace } } });
    await c.core.createNamespacedServiceAccount({
      namespace,
      body: { metadata: { name: "agent" } },
    });
    const rbac = c.kc.makeApiClient(RbacAuthorizationV1Api);
    await rbac.createNamespacedRole({
      namespace,
      body: {
        metadata: { name: "service-reader" },
        rules: [{ apiGroups: [""], resources: ["services"], verbs: ["get", "list", "watch"] }],
      },
    });
    await rbac.createNamespacedRoleBinding({
      namespace,
      body: {
        metadata: { name: "agent-service-reader" },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "service-reader" },
        subjects: [{ kind: "ServiceAccount", name: "agent", namespace }],
      },
    });
    const token = await c.core.createNamespacedServiceAccountToken({
      namespace,
      name: "agent",
      body: { spec: { audiences: ["https://kubernetes.default.svc"], expirationSeconds: 3600 } },
    });
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: c.info.name, server: c.info.server, caFile: c.info.caFile }],
      users: [{ name: "agent", token: token.status?.token }],
      contexts: [{ name: "agent", cluster: c.info.name, user: "agent" }],
      currentContext: "agent",
    });
    reader = kc.makeApiClient(CoreV1Api);
  });

  it("allows what the Role grants", async () => {
    const list = await reader.listNamespacedService({ namespace });
    expect(list.items).toEqual([]);
  });

  it("forbids the rest with 403", async () => {
    expect((await statusOf(() => reader.listNamespacedSecret({ namespace }))).code).toBe(403);
    expect(
      (await statusOf(() => reader.listNamespacedService({ namespace: "default" }))).code,
    ).toBe(403);
    const write = await statusOf(() =>
      reader.createNamespacedService({
        namespace,
        body: { metadata: { name: "x" }, spec: { ports: [{ port: 80 }] } },
      }),
    );
    expect(write.code).toBe(403);
  });
});
