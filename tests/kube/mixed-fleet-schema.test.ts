// The mixed-mesh fleet of issue 20 (13 clusters, five meshes) against the real kube-apiserver:
// every generated resource is server-side-applied with dryRun=All, so the upstream CRDs judge
// it, except those the plan warned about (a namespace the cluster lacks), which must fail with
// NotFound exactly as the plan said. The Consul output also passes consul-k8s's webhook
// uniqueness rules (consul-webhook-rules.ts), together with what the cluster already holds.
import { ApiException, PatchStrategy, type KubernetesObject } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FIELD_MANAGER } from "../../lib/agent-protocol/messages";
import { compileFleet } from "../../lib/meshes/index";
import { bookinfoFleet, RICH_INTENT } from "../../lib/meshes/testing/bookinfo";
import { mixedFleet, MIXED_INTENT } from "../../lib/meshes/testing/mixed-fleet";
import { clientsFor, type ClusterClients } from "./clients";
import { applyObjects } from "./fixtures/apply";
import { consulWebhookViolations, type ConsulObject } from "./consul-webhook-rules";

// Each fleet cluster is dry-run against one harness API server: istio-west alone on east-1
// (which has istio-system but no payments namespace, as istio-west lacks it), every other on
// east-2. west-1 is left alone: fixtures.test.ts checks it has no istio-system.
const harnessFor = (c: string) => (c === "istio-west" ? "east-1" : "east-2");
const SYSTEM_NAMESPACES = ["istio-system", "consul", "linkerd-multicluster"];

describe("the mixed-mesh fleet against the API server's schemas and consul-k8s's rules", () => {
  const fleet = mixedFleet();
  const compiled = compileFleet(MIXED_INTENT, fleet);
  const clients = new Map<string, ClusterClients>();
  const client = (c: string) => {
    const name = harnessFor(c);
    const existing = clients.get(name);
    if (existing) return existing;
    const made = clientsFor(name);
    clients.set(name, made);
    return made;
  };

  // Services this file created (the overlays' targets it found missing): removed afterwards,
  // since the harness clusters are shared with files that count their Services.
  const created: Array<[ClusterClients, { name: string; namespace: string }]> = [];

  beforeAll(async () => {
    for (const cl of fleet.clusters) {
      const c = client(cl.name);
      const namespaces = [
        ...new Set([...SYSTEM_NAMESPACES, ...cl.services.map((s) => s.namespace)]),
      ];
      await applyObjects(
        c.kc,
        namespaces.map((name) => ({ apiVersion: "v1", kind: "Namespace", metadata: { name } })),
      );
      // Overlays patch a Service that must exist; nothing else needs one.
      for (const r of compiled.clusters[cl.name]?.resources ?? []) {
        if (r.kind !== "Service" || !r.metadata.namespace) continue;
        const s = cl.services.find(
          (x) => x.namespace === r.metadata.namespace && x.name === r.metadata.name,
        );
        const key = { name: r.metadata.name, namespace: r.metadata.namespace };
        const exists = await c.core.readNamespacedService(key).then(
          () => true,
          () => false,
        );
        if (exists || !s) continue;
        await c.core.createNamespacedService({
          namespace: key.namespace,
          body: {
            metadata: { name: key.name },
            spec: {
              selector: { app: s.name },
              ports: s.ports.map((p) => ({ name: p.name, port: p.port, protocol: p.protocol })),
            },
          },
        });
        created.push([c, key]);
      }
    }
  });
  afterAll(async () => {
    for (const [c, key] of created) await c.core.deleteNamespacedService(key);
  });

  it("every resource is accepted, except where the plan warned that the namespace is missing", async () => {
    const rejected: string[] = [];
    const expected: string[] = [];
    let applied = 0;
    for (const [name, { resources, warnings }] of Object.entries(compiled.clusters)) {
      const c = client(name);
      const missing = warnings
        .filter((w) => w.code === "namespace-missing")
        .map((w) => /has no namespace (\S+)/.exec(w.message)?.[1]);
      for (const r of resources) {
        const id = `${name} ${r.kind} ${r.metadata.namespace ?? ""}/${r.metadata.name}`;
        if (r.metadata.namespace && missing.includes(r.metadata.namespace)) expected.push(id);
        try {
          // A Namespace the intent asked for is created for real: what goes into it follows.
          const dryRun = r.kind === "Namespace" ? undefined : "All";
          await c.objects.patch(
            r as KubernetesObject,
            undefined,
            dryRun,
            FIELD_MANAGER,
            true,
            PatchStrategy.ServerSideApply,
          );
          applied++;
        } catch (err) {
          const code = err instanceof ApiException ? err.code : 0;
          rejected.push(
            code === 404
              ? id
              : `${id}: ${code} ${err instanceof ApiException ? String(err.body) : String(err)}`,
          );
        }
      }
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(rejected.sort()).toEqual(expected.sort());
    const total = Object.values(compiled.clusters).reduce((n, c) => n + c.resources.length, 0);
    expect(applied).toBe(total - expected.length);
    expect(applied).toBeGreaterThan(25);
  });

  it("no Consul object would be refused by consul-k8s's webhooks, with what the cluster already holds", async () => {
    const all = [
      ...Object.entries(compiled.clusters),
      ...Object.entries(compileFleet(RICH_INTENT, bookinfoFleet("consul")).clusters),
    ];
    let checked = 0;
    for (const [name, { resources }] of all) {
      const c = client(name.startsWith("consul") ? name : "east-1");
      const live: ConsulObject[] = [];
      for (const kind of ["ServiceIntentions", "ServiceResolver", "ExportedServices"])
        live.push(
          ...((await c.objects.list("consul.hashicorp.com/v1alpha1", kind))
            .items as ConsulObject[]),
        );
      const ours = resources.filter((r) => r.apiVersion.startsWith("consul.hashicorp.com/"));
      checked += ours.length;
      // Meridian's own objects from an earlier run are the same objects, not clashes.
      const mine = new Set(ours.map((r) => `${r.kind}/${r.metadata.namespace}/${r.metadata.name}`));
      const others = live.filter(
        (o) =>
          !mine.has(`${o.kind}/${o.metadata?.namespace}/${o.metadata?.name}`) &&
          (o.metadata as { labels?: Record<string, string> } | undefined)?.labels?.[
            "app.kubernetes.io/managed-by"
          ] !== "meridian",
      );
      expect(consulWebhookViolations([...others, ...(ours as ConsulObject[])]), name).toEqual([]);
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("the Gateway API CRDs are live: HTTPRoute's CEL rules refuse a Service backendRef without a port", async () => {
    const route = compiled.clusters["cilium-west"]!.resources.find((r) => r.kind === "HTTPRoute");
    expect(route).toBeDefined();
    const spec = structuredClone(route!["spec"]) as {
      rules: Array<{ backendRefs: Array<Record<string, unknown>> }>;
    };
    delete spec.rules[0]!.backendRefs[0]!["port"];
    const status = await client("cilium-west")
      .objects.patch(
        { ...route!, spec } as KubernetesObject,
        undefined,
        "All",
        FIELD_MANAGER,
        true,
        PatchStrategy.ServerSideApply,
      )
      .then(
        () => 200,
        (err: unknown) => (err instanceof ApiException ? err.code : 0),
      );
    expect(status).toBe(422);
  });

  it("the rules are live: they refuse what Meridian wrote before issue 20", () => {
    const intentions = (ns: string): ConsulObject => ({
      apiVersion: "consul.hashicorp.com/v1alpha1",
      kind: "ServiceIntentions",
      metadata: { name: `meridian-reviews-${ns}`, namespace: "consul" },
      spec: { destination: { name: "reviews" } },
    });
    const resolver = (ns: string, spec: Record<string, unknown> = {}): ConsulObject => ({
      apiVersion: "consul.hashicorp.com/v1alpha1",
      kind: "ServiceResolver",
      metadata: { name: "reviews", namespace: ns },
      spec,
    });
    const exported = (ns: string): ConsulObject => ({
      apiVersion: "consul.hashicorp.com/v1alpha1",
      kind: "ExportedServices",
      metadata: { name: "default", namespace: ns },
    });
    expect(
      consulWebhookViolations([
        intentions("bookinfo"),
        intentions("shop"),
        resolver("bookinfo"),
        resolver("shop", { redirect: { service: "x" }, failover: { "*": {} } }),
        exported("consul"),
        exported("default"),
      ]),
    ).toEqual([
      "ServiceIntentions/consul/meridian-reviews-shop: an existing ServiceIntentions resource has spec.destination.name: reviews (ServiceIntentions/consul/meridian-reviews-bookinfo)",
      "ServiceResolver/shop/reviews: all ServiceResolver resources must have unique names across namespaces (ServiceResolver/bookinfo/reviews)",
      "ServiceResolver/shop/reviews: service resolver redirect and failover cannot both be set",
      "ExportedServices/default/default: only one exportedservices entry is supported per Kubernetes cluster (ExportedServices/consul/default)",
    ]);
  });
});
