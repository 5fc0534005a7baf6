/** Test helpers that talk to a harness cluster's etcd (JSON gateway) and create throwaway CRDs. */
import { ApiextensionsV1Api } from "@kubernetes/client-node";

import { uniqueName, type ClusterClients } from "./clients";

/** Compacts etcd's history up to `revision` (what kube-apiserver does every --etcd-compaction-interval). */
export async function compactEtcd(etcdUrl: string, revision: number): Promise<void> {
  const res = await fetch(`${etcdUrl}/v3/kv/compaction`, {
    method: "POST",
    body: JSON.stringify({ revision: String(revision), physical: true }),
  });
  if (!res.ok)
    throw new Error(`etcd compaction to ${revision}: HTTP ${res.status} ${await res.text()}`);
}

/** Reads a key range at an old revision; returns etcd's error message, or "" when it succeeds. */
export async function etcdRangeAt(etcdUrl: string, revision: number): Promise<string> {
  const res = await fetch(`${etcdUrl}/v3/kv/range`, {
    method: "POST",
    body: JSON.stringify({
      key: Buffer.from("/registry").toString("base64"),
      revision: String(revision),
    }),
  });
  const body = (await res.json()) as { error?: string; message?: string };
  return body.message ?? body.error ?? "";
}

/** A namespaced test CRD created on the fly, served as v1 with an open schema. */
export interface TestCrd {
  group: string;
  plural: string;
  kind: string;
}

/** Creates a fresh CRD and waits until it is Established and served. */
export async function createTestCrd(c: ClusterClients): Promise<TestCrd> {
  const api = c.kc.makeApiClient(ApiextensionsV1Api);
  const group = `${uniqueName("g")}.test.meridian.dev`;
  const crd: TestCrd = { group, plural: "widgets", kind: "Widget" };
  await api.createCustomResourceDefinition({
    body: {
      metadata: { name: `${crd.plural}.${group}` },
      spec: {
        group,
        scope: "Namespaced",
        names: { plural: crd.plural, singular: "widget", kind: crd.kind, listKind: "WidgetList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: { type: "object", x_kubernetes_preserve_unknown_fields: true },
            },
          },
        ],
      },
    },
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const got = await api.readCustomResourceDefinition({ name: `${crd.plural}.${group}` });
    if (got.status?.conditions?.some((x) => x.type === "Established" && x.status === "True")) {
      try {
        await c.custom.listClusterCustomObject({ group, version: "v1", plural: crd.plural });
        return crd;
      } catch {
        // discovery/handler not serving yet
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`CRD ${crd.plural}.${group} not served after 30 s`);
}
