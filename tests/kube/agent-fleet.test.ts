// Three real agents (Kubernetes layer) on the three harness clusters at once, talking to
// Meridian's real agent API and database: each discovers its share of Distributed Bookinfo,
// Meridian derives the global services across clusters, and a desired resource meant for one
// cluster lands there and nowhere else. The transport is in-process (tests/helpers/in-process-fetch.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "@/agent/src/agent";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import { KubeInventory } from "@/agent/src/kube/kube-inventory";
import { KubeWriter } from "@/agent/src/kube/kube-writer";
import { SILENT_LOG } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { db } from "@/lib/store/client";
import { createJoinToken } from "@/lib/services/agents/access";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { replaceDesiredResources } from "@/lib/services/sharing/cluster-state";
import { waitFor } from "../../scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { inProcessFetch } from "../helpers/in-process-fetch";
import { clientsFor, harnessClusters } from "./clients";
import { DISTRIBUTED_BOOKINFO, loadBookinfo } from "./fixtures/bookinfo";

const SYSTEM = { type: "system", label: "test" } as const;
const NS = "fleet-test";
const until = (what: string, check: () => Promise<boolean>) => waitFor(what, check, 30_000);

describe("three agents on three real API servers", () => {
  const agents: Agent[] = [];
  const names = DISTRIBUTED_BOOKINFO.map((c) => c.name);

  beforeAll(async () => {
    expect(
      harnessClusters()
        .map((c) => c.name)
        .sort(),
    ).toEqual([...names].sort());
    await resetDatabase();
    for (const spec of DISTRIBUTED_BOOKINFO) {
      const kube = clientsFor(spec.name);
      const c = await createCluster({ name: spec.name, region: spec.region }, SYSTEM);
      await updateCluster(spec.name, { version: c.version, state: "live" }, SYSTEM);
      await kube.core.createNamespace({ body: { metadata: { name: NS } } }).catch(() => undefined);
      await loadBookinfo(kube.kc, spec.name);
      const agent = new Agent({
        client: new MeridianClient("http://meridian.test", { fetch: inProcessFetch() }),
        inventory: new KubeInventory(kube.kc, { log: SILENT_LOG }),
        writer: new KubeWriter(kube.kc, { log: SILENT_LOG }),
        credentials: memoryCredentialStore(),
        joinToken: (await createJoinToken(spec.name, SYSTEM)).token,
        info: { version: "fleet-test", hostname: `agent-${spec.name}`, simulated: false },
        log: SILENT_LOG,
        longPollSeconds: 5,
        deltaDelayMs: 50,
      });
      agents.push(agent);
    }
    await Promise.all(agents.map((a) => a.start()));
  }, 90_000);

  afterAll(async () => {
    for (const name of names) await replaceDesiredResources(name, [], SYSTEM).catch(() => null);
    await new Promise((r) => setTimeout(r, 1500)); // let the agents prune what this test made
    await Promise.all(agents.map((a) => a.stop()));
  });

  it("discovers each cluster's share of Bookinfo and derives global services across them", async () => {
    const expected = new Map<string, Set<string>>();
    for (const spec of DISTRIBUTED_BOOKINFO)
      for (const p of spec.placements)
        expected.set(p.app, (expected.get(p.app) ?? new Set()).add(spec.name));
    await until("every cluster's Bookinfo", async () => {
      const n = await db().service.count({ where: { namespace: "bookinfo" } });
      return n === [...expected.values()].reduce((k, s) => k + s.size, 0);
    });
    for (const [app, clusters] of expected) {
      const gs = await db().globalService.findUniqueOrThrow({
        where: { namespace_name: { namespace: "bookinfo", name: app } },
        include: { services: { select: { clusterName: true } } },
      });
      expect(gs.services.map((s) => s.clusterName).sort()).toEqual([...clusters].sort());
    }
    // reviews runs in all three clusters: the one global service has three members.
    expect(expected.get("reviews")?.size).toBe(3);
  });

  it("applies a cluster's desired resource in that cluster only, then prunes it", async () => {
    const target = "east-2";
    const cm = {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "only-here", namespace: NS },
      data: { cluster: target },
    };
    const { generation } = await replaceDesiredResources(target, [cm], SYSTEM);
    await until("applied in east-2", async () => {
      const o = await db().observedState.findUnique({ where: { clusterName: target } });
      return o?.generation === generation;
    });
    for (const name of names) {
      const found = await clientsFor(name)
        .core.readNamespacedConfigMap({ name: "only-here", namespace: NS })
        .then(() => true)
        .catch(() => false);
      expect({ name, found }).toEqual({ name, found: name === target });
    }
    const pruned = await replaceDesiredResources(target, [], SYSTEM);
    await until("pruned in east-2", async () => {
      const o = await db().observedState.findUnique({ where: { clusterName: target } });
      return o?.generation === pruned.generation;
    });
    await expect(
      clientsFor(target).core.readNamespacedConfigMap({ name: "only-here", namespace: NS }),
    ).rejects.toThrow();
  });
});
