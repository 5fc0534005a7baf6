// The agent's informer relists after 410 Gone: a watch resumed from a compacted
// resourceVersion on a real API server.
import { describe, expect, it } from "vitest";

import { Informer } from "../../agent/src/kube/informer";
import { clientsFor, uniqueName } from "./clients";
import { compactEtcd, createTestCrd } from "./etcd";

describe("agent informer", () => {
  it("relists on 410 Gone after a watch resumes from a compacted resourceVersion", async () => {
    const c = clientsFor("west-1");
    const namespace = uniqueName("agent-informer");
    await c.core.createNamespace({ body: { metadata: { name: namespace } } });
    // An old revision, then a new kind whose watch cache starts after it (see
    // api-semantics.test.ts): nothing can replay from `oldRv` once etcd is compacted.
    const old = await c.core.createNamespacedConfigMap({
      namespace,
      body: { metadata: { name: "old" } },
    });
    const oldRv = String(old.metadata?.resourceVersion);
    const crd = await createTestCrd(c);
    const gvp = { group: crd.group, version: "v1", namespace, plural: crd.plural };
    const widget = (name: string, color: string) =>
      c.custom.createNamespacedCustomObject({
        ...gvp,
        body: {
          apiVersion: `${crd.group}/v1`,
          kind: crd.kind,
          metadata: { name },
          spec: { color },
        },
      });
    await widget("w1", "red");

    const logs: Array<Record<string, unknown>> = [];
    type Widget = { metadata?: { name?: string; namespace?: string }; spec?: { color?: string } };
    const informer = new Informer<Widget, { name: string; color: string }>(
      c.kc,
      {
        name: "widgets",
        path: `/apis/${crd.group}/v1/namespaces/${namespace}/${crd.plural}`,
        list: async () =>
          (await c.custom.listNamespacedCustomObject(gvp)) as {
            metadata?: { resourceVersion?: string };
            items: Widget[];
          },
        trim: (w) => ({ name: w.metadata?.name ?? "", color: w.spec?.color ?? "" }),
      },
      {
        backoffBaseMs: 50,
        log: {
          info: (msg, fields) => logs.push({ msg, ...fields }),
          warn: (msg, fields) => logs.push({ msg, ...fields }),
          error: (msg, fields) => logs.push({ msg, ...fields }),
        },
      },
    );
    await informer.start();
    try {
      expect([...informer.items().values()]).toEqual([{ name: "w1", color: "red" }]);
      expect(informer.stats).toMatchObject({ lists: 1, goneRelists: 0 });

      await widget("w2", "blue");
      await c.custom.deleteNamespacedCustomObject({ ...gvp, name: "w1" });
      const now = await c.core.createNamespacedConfigMap({
        namespace,
        body: { metadata: { name: "now" } },
      });
      await compactEtcd(c.info.etcd, Number(now.metadata?.resourceVersion));

      informer.resumeFrom(oldRv);
      await expect.poll(() => informer.stats.goneRelists, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => informer.stats.lists, { timeout: 10_000 }).toBe(2);
      expect([...informer.items().values()]).toEqual([{ name: "w2", color: "blue" }]);
      expect(informer.stats.errors).toBe(0);
      // kube-apiserver 1.37 sends the 410 as an ERROR event inside an HTTP 200 watch.
      expect(logs).toContainEqual(
        expect.objectContaining({ msg: "watch expired (410), relisting", via: "event" }),
      );

      // And it watches again from the relist's resourceVersion.
      await widget("w3", "green");
      await expect
        .poll(() => [...informer.items().keys()].sort(), { timeout: 5000 })
        .toEqual([`${namespace}/w2`, `${namespace}/w3`]);
    } finally {
      await informer.stop();
    }
  });
});
