// The agent's KubeWriter on objects a mesh or an operator owns (issue 20): a Linkerd Link never
// widens when Meridian's import is revoked; someone else's Consul ExportedServices gets
// Meridian's entries merged in and out, never overwritten or deleted; a namespace the intent
// asks for is created first and never pruned.
import { PatchStrategy, type KubernetesObject } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DesiredResource } from "../../lib/agent-protocol/messages";
import { compileFleet } from "../../lib/meshes/index";
import { cluster, service } from "../../lib/meshes/testing/fleet-builder";
import { KubeWriter } from "../../agent/src/kube/kube-writer";
import { clientsFor, statusOf, uniqueName, type ClusterClients } from "./clients";

type Obj = KubernetesObject & { spec?: Record<string, unknown> };
const LINKS = "linkerd-multicluster";

describe("agent KubeWriter on mesh-owned objects", () => {
  let c: ClusterClients;
  let writer: KubeWriter;

  // As `linkerd multicluster link` or an operator would: server-side apply, its own manager.
  const applyAs = (manager: string, obj: Obj) =>
    c.objects.patch(obj, undefined, undefined, manager, true, PatchStrategy.ServerSideApply);
  const read = (obj: Obj) =>
    c.objects.read(obj as Obj & { metadata: { name: string } }) as Promise<Obj>;

  beforeAll(async () => {
    // east-2: prune is cluster-wide, so this file owns Meridian's objects there while it runs.
    c = clientsFor("east-2");
    writer = new KubeWriter(c.kc);
    for (const name of [LINKS, "consul"])
      await c.core.createNamespace({ body: { metadata: { name } } }).catch(() => undefined);
  });
  afterAll(async () => {
    await writer.apply([]);
  });

  it("a revoked Linkerd import keeps the Link narrowed to Meridian's consumer label (defect 5)", async () => {
    const link: Obj = {
      apiVersion: "multicluster.linkerd.io/v1alpha2",
      kind: "Link",
      metadata: { name: "west-1", namespace: LINKS },
      spec: {
        targetClusterName: "west-1",
        selector: { matchLabels: { "mirror.linkerd.io/exported": "true" } },
        remoteDiscoverySelector: {
          matchLabels: { "mirror.linkerd.io/exported": "remote-discovery" },
        },
      },
    };
    await applyAs("linkerd", link);
    const fleet = {
      clusters: [
        cluster("east-2", "linkerd", []),
        cluster("west-1", "linkerd", [service("bookinfo", "reviews")]),
      ],
    };
    const intent = {
      services: [
        { namespace: "bookinfo", name: "reviews", exports: ["west-1"], imports: ["east-2"] },
      ],
    };
    const desired = compileFleet(intent, fleet).clusters["east-2"]!.resources;
    expect(desired.map((r) => r.kind)).toEqual(["Link"]);
    await writer.apply(desired);
    const narrowed = {
      "mirror.linkerd.io/exported": "true",
      "consumer.meridian.dev/east-2": "true",
    };
    expect((await read(link)).spec?.["selector"]).toEqual({ matchLabels: narrowed });

    // Revoke: nothing is desired any more. Released, the selector would be exported=true again
    // and mirror every exported Service of west-1.
    const results = await writer.apply([]);
    expect(results.map((r) => `${r.kind}/${r.name}:${r.result}`)).toContain("Link/west-1:pruned");
    expect((await read(link)).spec?.["selector"]).toEqual({ matchLabels: narrowed });
    expect((await read(link)).spec?.["remoteDiscoverySelector"]).toEqual({
      matchLabels: {
        "mirror.linkerd.io/exported": "remote-discovery",
        "consumer.meridian.dev/east-2": "true",
      },
    });
    await c.objects.delete(link);
  });

  it("merges into an operator's ExportedServices and takes out only its own entries (defect 8)", async () => {
    const theirs: Obj = {
      apiVersion: "consul.hashicorp.com/v1alpha1",
      kind: "ExportedServices",
      metadata: { name: "default", namespace: "consul" },
      spec: {
        services: [
          { name: "billing", consumers: [{ peer: "partner" }] },
          { name: "reviews", consumers: [{ peer: "partner" }] },
        ],
      },
    };
    await applyAs("operator", theirs);
    const ours: DesiredResource = {
      apiVersion: "consul.hashicorp.com/v1alpha1",
      kind: "ExportedServices",
      metadata: {
        name: "default",
        namespace: "consul",
        labels: { "app.kubernetes.io/managed-by": "meridian" },
      },
      spec: {
        services: [
          { name: "details", consumers: [{ peer: "east-1" }] },
          { name: "reviews", consumers: [{ peer: "east-1" }, { peer: "partner" }] },
        ],
      },
    };
    const [applied] = await writer.apply([ours]);
    expect(applied).toMatchObject({ kind: "ExportedServices", result: "applied" });
    const merged = await read(theirs);
    expect(merged.metadata?.labels?.["app.kubernetes.io/managed-by"]).toBeUndefined();
    expect(merged.spec?.["services"]).toEqual([
      { name: "billing", consumers: [{ peer: "partner" }] },
      { name: "reviews", consumers: [{ peer: "partner" }, { peer: "east-1" }] },
      { name: "details", consumers: [{ peer: "east-1" }] },
    ]);

    await writer.apply([]);
    const after = await read(theirs);
    expect(after.spec?.["services"]).toEqual([
      { name: "billing", consumers: [{ peer: "partner" }] },
      { name: "reviews", consumers: [{ peer: "partner" }] },
    ]);
    await c.objects.delete(theirs);
  });

  it("creates a requested namespace before what goes into it, and never prunes it (defect 3)", async () => {
    const ns = uniqueName("meridian-ns");
    const namespace: DesiredResource = {
      apiVersion: "v1",
      kind: "Namespace",
      metadata: { name: ns, labels: { "app.kubernetes.io/managed-by": "meridian" } },
    };
    const entry: DesiredResource = {
      apiVersion: "networking.istio.io/v1",
      kind: "ServiceEntry",
      metadata: {
        name: "ledger",
        namespace: ns,
        labels: { "app.kubernetes.io/managed-by": "meridian" },
      },
      spec: {
        hosts: ["ledger.payments.global"],
        ports: [{ number: 80, name: "http", protocol: "HTTP" }],
      },
    };
    // The ServiceEntry first in the list: the writer still creates the namespace before it.
    const results = await writer.apply([entry, namespace]);
    const mine = results.filter((r) => r.kind === "Namespace" || r.name === "ledger");
    expect(mine.map((r) => `${r.kind}:${r.result}`).sort()).toEqual([
      "Namespace:applied",
      "ServiceEntry:applied",
    ]);
    const pruned = await writer.apply([]);
    expect(pruned.map((r) => `${r.kind}:${r.result}`)).toContain("ServiceEntry:pruned");
    expect(pruned.map((r) => r.kind)).not.toContain("Namespace");
    const live = await c.core.readNamespace({ name: ns });
    expect(live.metadata?.labels?.["app.kubernetes.io/managed-by"]).toBe("meridian");
    expect((await statusOf(() => read(entry as Obj))).code).toBe(404);
  });
});
