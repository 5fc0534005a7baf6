// VM sites in the kube suite (issue 22): the Istio fixture cluster (east-1) receives a site's
// WorkloadGroup and WorkloadEntries, the Linkerd fixture (east-2) its ExternalWorkloads, through
// the agent's KubeWriter (server-side apply, so the upstream CRDs judge them); when the sites
// leave the global service, the next desired set prunes them.
import type { KubernetesObject } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { KubeWriter } from "../../agent/src/kube/kube-writer";
import { compileFleet, type FleetIntent } from "../../lib/meshes/index";
import { cluster, service } from "../../lib/meshes/testing/fleet-builder";
import { site } from "../../lib/meshes/testing/site-fleet";
import { clientsFor, statusOf, type ClusterClients } from "./clients";
import { applyObjects } from "./fixtures/apply";

const FLEET = {
  clusters: [
    cluster("east-1", "istio", [service("bookinfo", "ratings")], { region: "us-east-1" }),
    cluster("east-2", "linkerd", [service("bookinfo", "ratings")], { region: "us-east-1" }),
    site("ratings-legacy", "istio", "east-1"),
    site("ratings-vms", "linkerd", "east-2"),
  ],
};
const intent = (exports: string[]): FleetIntent => ({
  services: [{ namespace: "bookinfo", name: "ratings", exports, imports: [] }],
});
const SITE_KINDS = ["WorkloadEntry", "WorkloadGroup", "ExternalWorkload"];

describe("a site's mesh objects in its host clusters", () => {
  const hosts: Record<string, { c: ClusterClients; writer: KubeWriter }> = {};
  const desiredFor = (exports: string[], name: string) =>
    compileFleet(intent(exports), FLEET).clusters[name]!.resources;
  const read = (c: ClusterClients, r: KubernetesObject) =>
    c.objects.read(r as KubernetesObject & { metadata: { name: string } });

  beforeAll(async () => {
    // Prune is cluster-wide: this file owns Meridian's objects in both while it runs.
    for (const name of ["east-1", "east-2"]) {
      const c = clientsFor(name);
      hosts[name] = { c, writer: new KubeWriter(c.kc) };
      await applyObjects(c.kc, [
        { apiVersion: "v1", kind: "Namespace", metadata: { name: "bookinfo" } },
      ]);
    }
  });
  afterAll(async () => {
    for (const h of Object.values(hosts)) await h.writer.apply([]);
  });

  it.each([
    ["east-1", "ratings-legacy", ["WorkloadEntry", "WorkloadEntry", "WorkloadGroup"]],
    ["east-2", "ratings-vms", ["ExternalWorkload", "ExternalWorkload"]],
  ])(
    "%s receives %s's objects, accepted by server-side apply, and prunes them when the site leaves",
    async (host, siteName, expectedKinds) => {
      const { c, writer } = hosts[host]!;
      const desired = desiredFor(["east-1", siteName], host).filter((r) =>
        SITE_KINDS.includes(r.kind),
      );
      expect(desired.map((r) => r.kind).sort()).toEqual(expectedKinds);
      const applied = await writer.apply(desired);
      expect(applied.map((r) => `${r.kind}:${r.result}:${r.message}`)).toEqual(
        desired.map((r) => `${r.kind}:applied:`),
      );
      for (const r of desired) {
        const live = (await read(c, r)) as KubernetesObject & { spec?: unknown };
        expect(live.spec).toEqual((r as { spec?: unknown }).spec);
      }
      // Idempotent: the same set again changes nothing.
      expect((await writer.apply(desired)).map((r) => r.result)).toEqual(
        desired.map(() => "unchanged"),
      );

      // The site leaves the global service: nothing of it is desired, the agent prunes it.
      const after = desiredFor(["east-1"], host);
      expect(after.filter((r) => SITE_KINDS.includes(r.kind))).toEqual([]);
      const pruned = await writer.apply(after);
      expect(
        pruned
          .filter((r) => r.result === "pruned")
          .map((r) => r.kind)
          .sort(),
      ).toEqual(expectedKinds);
      for (const r of desired) expect((await statusOf(() => read(c, r))).code).toBe(404);
    },
  );
});
