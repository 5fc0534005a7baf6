// The GitOps export (issue 19.4) against a real kube-apiserver: `meridian export` writes the
// demo fleet's desired state after a real plan and apply; each cluster's tree, applied file by
// file with server-side apply as Argo CD or Flux would (following its kustomization.yaml),
// is accepted by the API server's schemas, a second apply changes nothing, the agent's own
// writer then finds every resource unchanged, and re-planning the same intent plans no change.
// The CLI runs in-process against the real route handlers (tests/helpers/route-fetch.ts, a
// named transport double); the database and the API servers are real.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PatchStrategy, type KubernetesObject } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli } from "@/cli/program";
import { KubeWriter } from "@/agent/src/kube/kube-writer";
import { SILENT_LOG } from "@/agent/src/log";
import { FIELD_MANAGER } from "@/lib/agent-protocol/messages";
import type { PlanDto } from "@/lib/model/intent";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { readDesiredState } from "@/lib/store/desired-state";
import { userWithToken } from "../helpers/api";
import { resetDatabase } from "../helpers/db";
import { routeFetch } from "../helpers/route-fetch";
import { clientsFor } from "./clients";
import { applyObjects } from "./fixtures/apply";

const dir = mkdtempSync(path.join(tmpdir(), "meridian-gitops-"));
const out = path.join(dir, "tree");
const CLUSTERS = ["east-1", "east-2"] as const;
const transport = routeFetch();
let admin = "";

async function meridian(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env: { MERIDIAN_SERVER: "http://meridian.test", MERIDIAN_TOKEN: admin },
    fetch: transport,
    out: (t) => (stdout += t),
    err: (t) => (stderr += t),
  });
  return { code, out: stdout, err: stderr };
}

/** The tree's objects for one cluster, in the order its kustomization.yaml lists them. */
function treeObjects(cluster: string): KubernetesObject[] {
  const folder = path.join(out, cluster);
  const k = parse(readFileSync(path.join(folder, "kustomization.yaml"), "utf8")) as {
    resources: string[];
  };
  return k.resources.map(
    (f) => parse(readFileSync(path.join(folder, f), "utf8")) as KubernetesObject,
  );
}

/** Server-side apply as a GitOps tool configured with the agent's field manager; the stored objects. */
async function applyTree(cluster: string, objects: KubernetesObject[]) {
  const { objects: api } = clientsFor(cluster);
  const stored: KubernetesObject[] = [];
  for (const o of objects)
    stored.push(
      await api.patch(o, undefined, undefined, FIELD_MANAGER, false, PatchStrategy.ServerSideApply),
    );
  return stored;
}

const changes = path.join(dir, "changes.yaml");

beforeAll(async () => {
  await resetDatabase();
  await seedDemoFleet();
  admin = (await userWithToken("admin")).token;
  for (const c of CLUSTERS)
    await applyObjects(clientsFor(c).kc, [
      { apiVersion: "v1", kind: "Namespace", metadata: { name: "bookinfo" } },
    ]);
  writeFileSync(
    changes,
    "changes:\n  - namespace: bookinfo\n    name: reviews\n    version: 1\n    exports: [east-1, east-2]\n    imports: [east-1, east-2]\n",
  );
  const applied = await meridian(["apply", "-f", changes, "--title", "gitops export"]);
  expect(applied.code, applied.err).toBe(0);
  const exported = await meridian(["export", "--dir", out]);
  expect(exported.code, exported.err).toBe(0);
}, 120_000);
afterAll(async () => {
  // Leave the shared API servers as found: the agent prunes what Meridian no longer wants.
  for (const c of CLUSTERS) await new KubeWriter(clientsFor(c).kc, { log: SILENT_LOG }).apply([]);
  rmSync(dir, { recursive: true, force: true });
});

describe("meridian export applied to a real API server", () => {
  for (const cluster of CLUSTERS) {
    it(`${cluster}: the tree applies, re-applies to no change, and the agent finds nothing to do`, async () => {
      const objects = treeObjects(cluster);
      const desired = (await readDesiredState(cluster)).resources;
      expect(objects.length).toBe(desired.length);
      expect(objects.length).toBeGreaterThan(0);

      const first = await applyTree(cluster, objects);
      for (const [i, o] of objects.entries())
        expect(first[i]).toMatchObject({ kind: o.kind, metadata: { name: o.metadata?.name } });
      const again = await applyTree(cluster, objects);
      expect(again.map((o) => o.metadata?.resourceVersion)).toEqual(
        first.map((o) => o.metadata?.resourceVersion),
      );

      const writer = new KubeWriter(clientsFor(cluster).kc, { log: SILENT_LOG, ownedKinds: [] });
      const results = await writer.apply(desired);
      const own = results.filter((r) =>
        desired.some((d) => d.kind === r.kind && d.metadata.name === r.name),
      );
      expect(own).toHaveLength(desired.length);
      expect(own.filter((r) => r.result !== "unchanged")).toEqual([]);
    });
  }

  it("re-planning the same intent plans no change", async () => {
    writeFileSync(changes, readFileSync(changes, "utf8").replace("version: 1", "version: 2"));
    const r = await meridian(["plan", "-f", changes, "-o", "json"]);
    expect(r.code, r.err).toBe(0);
    const plan = JSON.parse(r.out) as PlanDto;
    expect(plan.clusters.filter((c) => c.create + c.change + c.delete > 0)).toEqual([]);
  });
});
