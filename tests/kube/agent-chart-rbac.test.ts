// The agent under its own chart's RBAC, one harness cluster per mesh fixture (Istio, Linkerd,
// Cilium, Consul, and a plain cluster with only the MCS CRDs): deploy/agent rendered by the real
// helm, its ServiceAccount/Roles/Bindings/Secrets applied, a TokenRequest token for that
// ServiceAccount, and the real agent process (agent/src/main.ts) running with ONLY that token —
// never the admin client. It must become ready, report the mesh and its trust root, apply a
// desired resource, prune it, and report a conflict. Meridian's side is the real agent API over
// HTTP on the real database. See tests/kube/chart-agent.ts for the one stand-in (no kubelet).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { KubernetesObjectApi, PatchStrategy, type KubernetesObject } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  type DesiredResource,
} from "@/lib/agent-protocol/messages";
import { createJoinToken } from "@/lib/services/agents/access";
import { replaceDesiredResources } from "@/lib/services/sharing/cluster-state";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { db } from "@/lib/store/client";
import { waitFor } from "../../scripts/lib/processes";
import { startAgentApiServer, type AgentApiServer } from "../helpers/agent-api-server";
import { resetDatabase } from "../helpers/db";
import {
  agentDeployment,
  chartEnvironment,
  installAgentAccess,
  renderAgentChart,
  serviceAccountKubeconfig,
  startAgentProcess,
  AGENT_NAMESPACE,
  type AgentProcess,
} from "./chart-agent";
import { APP_NAMESPACE, APP_SERVICES, CHART_RBAC_CASES } from "./fixtures/chart-rbac-cases";
import { applyObjects } from "./fixtures/apply";
import { installMeshMarkers } from "./fixtures/meshes";
import { TEST_ROOT_A_SHA256 } from "./fixtures/test-roots";
import { kubeConfigFor, startKubeHarness, REPO_ROOT, type KubeHarness } from "./harness";
import { ensureHelm } from "./helm";

const SYSTEM = { type: "system", label: "test" } as const;
/** Agent health ports, one per case, inside this suite's range (4100-4199). */
const FIRST_AGENT_PORT = 4150;

type Result = { kind: string; name: string; result: string; message: string };

let api: AgentApiServer;
beforeAll(async () => {
  ensureHelm();
  await resetDatabase();
  api = await startAgentApiServer();
});
afterAll(async () => {
  await api?.close();
});

describe.each(CHART_RBAC_CASES.map((c, i) => ({ ...c, port: FIRST_AGENT_PORT + i })))(
  "the agent under deploy/agent's RBAC on $label",
  (c) => {
    let harness: KubeHarness;
    let agent: AgentProcess;
    let dir: string;
    let username: string;
    let admin: KubernetesObjectApi;

    const observed = () => db().observedState.findUnique({ where: { clusterName: c.cluster } });
    /** Sets the desired state and waits until the agent acknowledged that generation. */
    const converge = async (resources: DesiredResource[]): Promise<Result[]> => {
      const { generation } = await replaceDesiredResources(c.cluster, resources, SYSTEM);
      await waitFor(
        `the agent to acknowledge generation ${generation}`,
        async () => (await observed())?.generation === generation,
        30_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}; agent log:\n${agent.tail()}`);
      });
      return (await observed())!.results as Result[];
    };
    const readLive = (o: KubernetesObject) =>
      admin.read({
        apiVersion: o.apiVersion,
        kind: o.kind,
        metadata: { name: o.metadata!.name!, namespace: o.metadata!.namespace },
      });

    beforeAll(async () => {
      harness = await startKubeHarness({
        clusters: [c.cluster],
        extraArgs: c.crdDir ? [`--crds=${path.join(REPO_ROOT, c.crdDir)}`] : [],
      });
      const info = harness.clusters[0]!;
      const adminKc = kubeConfigFor(info);
      admin = KubernetesObjectApi.makeApiClient(adminKc);
      if (c.mesh) await installMeshMarkers(adminKc, c.mesh);
      await applyObjects(adminKc, [
        { apiVersion: "v1", kind: "Namespace", metadata: { name: APP_NAMESPACE } },
        ...APP_SERVICES.map((name) => ({
          apiVersion: "v1",
          kind: "Service",
          metadata: { name, namespace: APP_NAMESPACE },
          spec: { selector: { app: name }, ports: [{ name: "http", port: 9080 }] },
        })),
      ]);
      // What another team already applied, with its own field manager.
      await admin.patch(
        c.conflict.theirs,
        undefined,
        undefined,
        "platform-team",
        false,
        PatchStrategy.ServerSideApply,
      );

      const created = await createCluster({ name: c.cluster, region: "us-east-1" }, SYSTEM);
      await updateCluster(c.cluster, { version: created.version, state: "live" }, SYSTEM);
      const joinToken = (await createJoinToken(c.cluster, SYSTEM)).token;
      const rendered = renderAgentChart({
        meridianUrl: api.url,
        cluster: c.cluster,
        joinToken,
        valuesFiles: c.valuesFiles,
      });
      await installAgentAccess(adminKc, rendered);
      dir = mkdtempSync(path.join(tmpdir(), "meridian-chart-rbac-"));
      const sa = agentDeployment(rendered).spec.template.spec.serviceAccountName;
      const kubeconfig = await serviceAccountKubeconfig(
        adminKc,
        info,
        sa,
        path.join(dir, "kubeconfig"),
      );
      username = kubeconfig.username;
      agent = startAgentProcess({
        ...chartEnvironment(rendered, `meridian-agent-${c.cluster}`),
        KUBECONFIG: kubeconfig.file,
        MERIDIAN_AGENT_PORT: String(c.port),
      });
    }, 240_000);

    afterAll(async () => {
      await agent?.stop();
      await harness?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("runs as the chart's ServiceAccount, authenticated by its TokenRequest token", () => {
      expect(username).toBe(`system:serviceaccount:${AGENT_NAMESPACE}:meridian-agent`);
    });

    it("becomes ready", async () => {
      await waitFor(
        "the agent's /readyz to answer 200",
        async () => (await fetch(`http://127.0.0.1:${c.port}/readyz`)).status === 200,
        45_000,
        250,
      ).catch((err: Error) => {
        throw new Error(`${err.message}; the agent's last log lines:\n${agent.tail()}`);
      });
    }, 60_000);

    it(c.mesh ? `reports ${c.mesh} and its trust root` : "reports no mesh", async () => {
      await waitFor(
        "a snapshot",
        async () =>
          !!(await db().agent.findUnique({ where: { clusterName: c.cluster } }))?.lastSnapshotAt,
        20_000,
      );
      const meshes = await db().mesh.findMany({ where: { clusterName: c.cluster } });
      if (!c.mesh) return expect(meshes).toEqual([]);
      expect(meshes.map((m) => m.type)).toEqual([c.mesh]);
      expect(meshes[0]!.rootCaFingerprint).toBe(TEST_ROOT_A_SHA256);
    });

    it("applies a desired resource, then prunes it", async () => {
      const applied = await converge([c.desired]);
      expect(applied).toContainEqual(
        expect.objectContaining({
          kind: c.desired.kind,
          name: c.desired.metadata.name,
          result: "applied",
        }),
      );
      const live = (await readLive(c.desired)) as KubernetesObject;
      expect(live.metadata?.managedFields?.map((f) => f.manager)).toContain("meridian-agent");
      // The fields Meridian set are there.
      expect(live.metadata?.labels ?? {}).toMatchObject(c.desired.metadata.labels ?? {});
      expect(live.metadata?.annotations ?? {}).toMatchObject(c.desired.metadata.annotations ?? {});
      // A whole object carries the managed-by label; someone else's Service never gets it.
      if (c.shared) expect(live.metadata?.labels?.[MANAGED_BY_LABEL]).toBeUndefined();
      else expect(live.metadata?.labels?.[MANAGED_BY_LABEL]).toBe(MANAGED_BY_VALUE);

      const pruned = await converge([]);
      expect(pruned).toContainEqual(
        expect.objectContaining({
          kind: c.desired.kind,
          name: c.desired.metadata.name,
          result: "pruned",
        }),
      );
      if (c.shared) {
        // Someone else's Service stays; only the fields Meridian applied are gone.
        const after = (await readLive(c.desired)) as KubernetesObject;
        expect(after.metadata?.managedFields?.map((f) => f.manager)).not.toContain(
          "meridian-agent",
        );
        const wanted = { ...c.desired.metadata.labels, ...c.desired.metadata.annotations };
        for (const key of Object.keys(wanted))
          expect({ ...after.metadata?.labels, ...after.metadata?.annotations }).not.toHaveProperty([
            key,
          ]);
      } else {
        await expect(readLive(c.desired)).rejects.toMatchObject({ code: 404 });
      }
    });

    it("reports a conflict with another field manager and leaves their value", async () => {
      const results = await converge([c.conflict.desired]);
      const mine = results.find(
        (r) => r.kind === c.conflict.desired.kind && r.name === c.conflict.desired.metadata.name,
      );
      expect(mine?.result).toBe("conflict");
      expect(mine?.message).toContain("platform-team");
      expect(c.conflictField((await readLive(c.conflict.theirs)) as KubernetesObject)).toBe(
        c.conflictField(c.conflict.theirs),
      );
      await converge([]);
    });
  },
);
