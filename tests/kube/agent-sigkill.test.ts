// Fault test with a real agent process: the agent (agent/src/main.ts, Kubernetes mode) applies a
// large desired set to a real kube-apiserver and is killed with SIGKILL at random points —
// mid-create and mid-prune. Restarted with the credential it saved, it converges the cluster to
// exactly the desired set: nothing missing, no orphans, and Meridian records the generation.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/store/client";
import { createJoinToken } from "@/lib/services/agents/access";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { replaceDesiredResources } from "@/lib/services/sharing/cluster-state";
import type { DesiredResource } from "@/lib/agent-protocol/messages";
import { waitFor } from "../../scripts/lib/processes";
import { startAgentApiServer, type AgentApiServer } from "../helpers/agent-api-server";
import { resetDatabase } from "../helpers/db";
import { clientsFor } from "./clients";

const SYSTEM = { type: "system", label: "test" } as const;
const CLUSTER = "west-1";
const NS = "sigkill";
const MANAGED = "app.kubernetes.io/managed-by=meridian";
const REPO = path.resolve(import.meta.dirname, "../..");

// Reproducible random kill points: MERIDIAN_TEST_SEED replays a failing run.
const SEED = Number(process.env.MERIDIAN_TEST_SEED ?? Date.now() % 100_000);
let state = SEED;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

const configMaps = (prefix: string, n: number, v: number): DesiredResource[] =>
  Array.from({ length: n }, (_, i) => ({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: `${prefix}-${String(i).padStart(3, "0")}`, namespace: NS },
    data: { v: String(v) },
  }));

describe(`a real agent process killed mid-apply (seed ${SEED})`, () => {
  const kube = clientsFor(CLUSTER);
  let api: AgentApiServer;
  let dir: string;
  let joinToken: string;
  let agent: ChildProcess | undefined;

  const startAgent = () => {
    agent = spawn(process.execPath, ["--import", "tsx", "agent/src/main.ts"], {
      cwd: REPO,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        PATH: process.env.PATH,
        MERIDIAN_URL: api.url,
        MERIDIAN_JOIN_TOKEN: joinToken,
        MERIDIAN_CREDENTIAL_FILE: path.join(dir, "credential"),
        MERIDIAN_CLUSTER: CLUSTER,
        MERIDIAN_AGENT_PORT: "0",
        KUBECONFIG: kube.info.kubeconfig,
      } as unknown as NodeJS.ProcessEnv,
    });
    return agent;
  };
  const kill = async () => {
    const child = agent;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await gone;
  };
  const ownedNames = async () =>
    (await kube.core.listNamespacedConfigMap({ namespace: NS, labelSelector: MANAGED })).items
      .map((c) => c.metadata!.name!)
      .sort();
  const setDesired = (resources: DesiredResource[]) =>
    replaceDesiredResources(CLUSTER, resources, SYSTEM);

  /** Kill the agent as soon as `hit` says the cluster reached a random point of the apply. */
  const killWhen = async (hit: (names: string[]) => boolean) => {
    await waitFor("the kill point", async () => hit(await ownedNames()), 60_000, 5);
    await kill();
  };
  const converged = async (want: DesiredResource[], generation: number, v: number) => {
    await waitFor(
      "convergence after restart",
      async () => {
        const observed = await db().observedState.findUnique({ where: { clusterName: CLUSTER } });
        return observed?.generation === generation;
      },
      60_000,
    );
    expect(await ownedNames()).toEqual(want.map((r) => r.metadata.name).sort());
    const values = (
      await kube.core.listNamespacedConfigMap({ namespace: NS, labelSelector: MANAGED })
    ).items.map((c) => c.data?.v);
    expect(new Set(values)).toEqual(new Set([String(v)]));
  };

  beforeAll(async () => {
    await resetDatabase();
    const c = await createCluster({ name: CLUSTER, region: "us-west-1" }, SYSTEM);
    await updateCluster(CLUSTER, { version: c.version, state: "live" }, SYSTEM);
    joinToken = (await createJoinToken(CLUSTER, SYSTEM)).token;
    await kube.core.createNamespace({ body: { metadata: { name: NS } } }).catch(() => undefined);
    api = await startAgentApiServer();
    dir = await mkdtemp(path.join(tmpdir(), "meridian-sigkill-"));
  });

  afterAll(async () => {
    await kill();
    await api?.close();
    await setDesired([]).catch(() => undefined);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("converges after a SIGKILL in the middle of creating 120 objects", async () => {
    const want = configMaps("a", 120, 1);
    const { generation } = await setDesired(want);
    const k = 5 + Math.floor(random() * 100);
    startAgent();
    await killWhen((names) => names.length >= k);
    const partial = await ownedNames();
    expect(partial.length).toBeGreaterThanOrEqual(k);
    expect(partial.length).toBeLessThan(want.length + 1);
    const before = await db().observedState.findUnique({ where: { clusterName: CLUSTER } });
    expect(before?.generation ?? 0).toBeLessThan(generation);

    startAgent(); // same credential file: no join token is needed twice
    await converged(want, generation, 1);
  }, 120_000);

  it("converges after a SIGKILL while replacing and pruning half of them", async () => {
    // Keep 60 of the first set (with new data), drop 60, add 60 new ones.
    const want = [...configMaps("a", 60, 2), ...configMaps("b", 60, 2)];
    const { generation } = await setDesired(want);
    const k = 3 + Math.floor(random() * 50);
    await killWhen((names) => names.filter((n) => n.startsWith("b-")).length >= k);
    expect((await ownedNames()).some((n) => n.startsWith("a-1"))).toBe(true); // prune not done

    startAgent();
    await converged(want, generation, 2);
    const registrations = await db().agentCredential.count({ where: { clusterName: CLUSTER } });
    expect(registrations).toBe(1);
  }, 120_000);
});
