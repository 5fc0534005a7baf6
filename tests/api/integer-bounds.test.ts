// Numbers at the columns' edges (issue 17.3): every integer the agent protocol and the REST API
// take is bounded by the range of the column it lands in, so 2^31 or 2^53 is a 400 naming the
// field, never a 500 from a 32-bit column. fast-check draws each field's value from the
// boundaries (0, −1, 2^31−1, 2^31, 2^53−1, 2^53, −2^31, 1.5) and the rest of the body from
// valid values, on the real database.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as report from "@/app/api/agent/v1/report/route";
import * as status from "@/app/api/agent/v1/status/route";
import * as desired from "@/app/api/agent/v1/desired/route";
import * as plans from "@/app/api/v1/plans/route";
import * as cluster from "@/app/api/v1/clusters/[name]/route";
import * as changeSets from "@/app/api/v1/change-sets/route";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";
import { AGENT_INFO, registeredCluster } from "../helpers/agent";

const EDGES = [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53, -(2 ** 31), 1.5];
const edge = fc.constantFrom(...EDGES);
const tally = new Map<number, number>();
const noServerError = (res: { status: number; body: unknown }, what: string) => {
  tally.set(res.status, (tally.get(res.status) ?? 0) + 1);
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
};

describe("integers at the columns' bounds", () => {
  let agent: string;
  let admin: string;
  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
    agent = await registeredCluster("bounds-1");
    admin = (await userWithToken("admin")).token;
  });

  it("agent protocol: snapshot counts and ports, status generations, desired ?after", async () => {
    await fc.assert(
      fc.asyncProperty(edge, edge, edge, edge, async (ready, total, port, generation) => {
        const snapshot = {
          meshes: [],
          services: [
            {
              namespace: "bookinfo",
              name: "edge",
              type: "ClusterIP",
              ports: [{ port, protocol: "TCP", targetPort: port }],
              endpointsByZone: { a: { ready, total } },
            },
          ],
        };
        noServerError(
          await call(report.POST, "POST", "/x", {
            token: agent,
            body: { kind: "snapshot", agent: AGENT_INFO, snapshot },
          }),
          `snapshot ${ready}/${total} port ${port}`,
        );
        noServerError(
          await call(status.POST, "POST", "/x", {
            token: agent,
            body: { generation, results: [] },
          }),
          `status generation ${generation}`,
        );
        noServerError(
          await call(desired.GET, "GET", "/x", {
            token: agent,
            search: { after: String(generation), wait: "0" },
          }),
          `desired after ${generation}`,
        );
      }),
      { numRuns: 150 },
    );
    const stored = await call(status.POST, "POST", "/x", {
      token: agent,
      body: { generation: 2 ** 31, results: [] },
    });
    expect(stored.status).toBe(400);
    expect(JSON.stringify(stored.body)).toContain("generation");
  }, 120_000);

  it("REST: intent versions, cluster versions, change-set page sizes", async () => {
    await fc.assert(
      fc.asyncProperty(edge, async (n) => {
        noServerError(
          await call(plans.POST, "POST", "/x", {
            token: admin,
            body: {
              changes: [{ namespace: "bookinfo", name: "reviews", version: n, exports: [] }],
            },
          }),
          `plan version ${n}`,
        );
        noServerError(
          await call(cluster.PATCH, "PATCH", "/x", {
            token: admin,
            params: { name: "east-1" },
            body: { version: n, displayName: "East 1" },
          }),
          `cluster version ${n}`,
        );
        noServerError(
          await call(changeSets.GET, "GET", "/x", {
            token: admin,
            search: { limit: String(n), cursor: String(n) },
          }),
          `change sets limit ${n}`,
        );
      }),
      { numRuns: 40 },
    );
    expect(tally.get(400)).toBeGreaterThan(50);
  }, 120_000);
});
