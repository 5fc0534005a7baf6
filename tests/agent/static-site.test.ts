// A static-mode agent (VM site) against Meridian's real agent API and database: it registers
// with a join token, reports its site file, re-reports a change within a second, keeps its last
// good state through a malformed file, and its site turns stale, not empty, when it goes silent.
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clusterRoute from "@/app/api/v1/clusters/[name]/route";
import { Agent } from "@/agent/src/agent";
import { memoryCredentialStore } from "@/agent/src/credential-file";
import type { AgentLog } from "@/agent/src/log";
import { MeridianClient } from "@/agent/src/meridian-client";
import { StaticSite } from "@/agent/src/static/static-site";
import { db } from "@/lib/store/client";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { createJoinToken } from "@/lib/services/agents/access";
import type { ClusterSummary } from "@/lib/model/inventory";
import { waitFor } from "../../scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { inProcessFetch } from "../helpers/in-process-fetch";

const SYSTEM = { type: "system", label: "test" } as const;
const DEMO_SITE = path.resolve("fleets/sites/ratings-legacy.yaml");

describe("static-mode agent (a VM site)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "meridian-site-"));
  const file = path.join(dir, "site.yaml");
  const errors: string[] = [];
  const log: AgentLog = {
    info: () => {},
    warn: () => {},
    error: (_m, f) => errors.push(String(f?.["error"])),
  };
  let site: StaticSite;
  let agent: Agent;
  let admin: string;

  const ratingsRow = () =>
    db().service.findFirst({ where: { clusterName: "ratings-legacy", name: "ratings" } });
  // Replace the file as editors and config management do: write a new one, rename it over.
  const writeSite = (text: string) => {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  };
  const summary = async () =>
    (
      await call(clusterRoute.GET, "GET", "/api/v1/clusters/ratings-legacy", {
        token: admin,
        params: { name: "ratings-legacy" },
      })
    ).body as ClusterSummary;

  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    const c = await createCluster(
      { name: "ratings-legacy", region: "eu-west-1", kind: "vm-site", hostCluster: "east-1" },
      SYSTEM,
    );
    await updateCluster("ratings-legacy", { version: c.version, state: "live" }, SYSTEM);
    writeSite(readFileSync(DEMO_SITE, "utf8"));
    site = new StaticSite(file, log);
    agent = new Agent({
      client: new MeridianClient("http://meridian.test", { fetch: inProcessFetch() }),
      inventory: site,
      writer: site,
      credentials: memoryCredentialStore(),
      joinToken: (await createJoinToken("ratings-legacy", SYSTEM)).token,
      info: { version: "test", hostname: "vm-agent", simulated: false },
      log,
      deltaDelayMs: 50,
      longPollSeconds: 5,
    });
  });
  afterAll(async () => {
    await agent.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("registers with its join token and reports the site file's workloads", async () => {
    await agent.start();
    await waitFor("snapshot", async () => (await ratingsRow()) !== null, 5000, 20);
    const row = (await ratingsRow())!;
    expect(row).toMatchObject({ type: "ClusterIP", endpointsReady: 2, endpointsTotal: 2 });
    expect((row.workloads as { address: string }[]).map((w) => w.address)).toEqual([
      "10.40.1.11",
      "10.40.2.12",
    ]);
    const s = await summary();
    expect(s).toMatchObject({ kind: "vm-site", hostCluster: "east-1", serviceCount: 1 });
    expect(s.agent.status).toBe("connected");
  });

  it("re-reports within one second of a change to the file", async () => {
    const before = readFileSync(file, "utf8");
    const started = Date.now();
    writeSite(before.replace(/(name: ratings-vm-2[\s\S]*?health: )healthy/, "$1unhealthy"));
    await waitFor("re-report", async () => (await ratingsRow())?.endpointsReady === 1, 5000, 20);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await ratingsRow())?.endpointsTotal).toBe(2);
  });

  it("keeps the last good state through a malformed file, with an error naming the line", async () => {
    const good = readFileSync(file, "utf8");
    const lines = good.split("\n");
    const at = lines.findIndex((l) => l.includes("address: 10.40.1.11"));
    lines[at] = lines[at]!.replace("10.40.1.11", "10.40.1.999");
    writeSite(lines.join("\n"));
    await waitFor("rejected", () => site.lastError !== undefined, 5000, 20);
    expect(site.lastError).toContain(`${file}:${at + 1}:`);
    expect(site.lastError).toContain("services.0.workloads.0.address");
    expect(errors.at(-1)).toBe(site.lastError);
    // A YAML syntax error too.
    writeSite("services:\n  - name: [oops\n");
    await waitFor(
      "syntax rejected",
      () => /:\d+:\d+: /.test(site.lastError ?? "") && !site.lastError!.includes("address"),
      5000,
      20,
    );
    await new Promise((r) => setTimeout(r, 300));
    const row = (await ratingsRow())!;
    expect(row).toMatchObject({ endpointsReady: 1, endpointsTotal: 2 });
    expect(site.current().services[0]!.workloads?.[0]?.address).toBe("10.40.1.11");
    // Fixed again: reported again.
    writeSite(good.replace(/health: unhealthy/, "health: healthy"));
    await waitFor("recovered", async () => (await ratingsRow())?.endpointsReady === 2, 5000, 20);
    expect(site.lastError).toBeUndefined();
  });

  it("turns stale when silent, with its last known services and endpoints, never empty", async () => {
    await agent.stop();
    // Silent for longer than the stale threshold (the cluster rule: MERIDIAN_STALE_AFTER_SECONDS).
    await db().cluster.update({
      where: { name: "ratings-legacy" },
      data: { lastSeenAt: new Date(Date.now() - 3_600_000) },
    });
    await db().agent.update({
      where: { clusterName: "ratings-legacy" },
      data: { lastReportAt: new Date(Date.now() - 3_600_000) },
    });
    const s = await summary();
    expect(s.stale).toBe(true);
    expect(s.agent.status).toBe("stale");
    expect(s).toMatchObject({ serviceCount: 1, endpoints: { ready: 2, total: 2 } });
  });
});
