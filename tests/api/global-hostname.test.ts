// PUT /api/v1/settings/global-hostname: every global service renamed in one change set (hosts,
// versions, the desired state that names them); bad input and non-admins change nothing.
import { beforeAll, describe, expect, it } from "vitest";
import * as changeSets from "@/app/api/v1/change-sets/route";
import * as setting from "@/app/api/v1/settings/global-hostname/route";
import type { ChangeSetDto } from "@/lib/model/intent";
import { db } from "@/lib/store/client";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

const SUFFIX = { global: ".global", clusterset: ".svc.clusterset.local" } as const;
type Suffix = keyof typeof SUFFIX;

describe("global hostname suffix", () => {
  let admin: string;
  let operator: string;
  const hosts = async () =>
    (await db().globalService.findMany({ orderBy: { name: "asc" } })).map(
      (g) => `${g.hostname}@${g.version}`,
    );
  const current = async () =>
    ((await call(setting.GET, "GET", "/x", { token: admin })).body as { suffix: Suffix }).suffix;

  beforeAll(async () => {
    await resetDatabase();
    await seedDemoFleet();
    admin = (await userWithToken("admin")).token;
    operator = (await userWithToken("operator")).token;
    // Share reviews so that some cluster's desired state names its global host.
    const shared = await call(changeSets.POST, "POST", "/x", {
      token: operator,
      body: {
        changes: [
          {
            namespace: "bookinfo",
            name: "reviews",
            version: 1,
            // Istio in both: east-1's ServiceEntry names the global host.
            exports: ["east-2"],
            imports: ["east-1"],
          },
        ],
      },
    });
    expect(shared.status).toBe(201);
  });

  it("renames every global service's host in one change set", async () => {
    const from = await current();
    const to: Suffix = from === "global" ? "clusterset" : "global";
    const before = await db().globalService.findMany();
    const res = await call(setting.PUT, "PUT", "/x", { token: admin, body: { suffix: to } });
    expect(res.status).toBe(200);
    const { suffix, changeSet } = res.body as { suffix: Suffix; changeSet: ChangeSetDto | null };
    expect(suffix).toBe(to);
    expect(await current()).toBe(to);
    const after = await db().globalService.findMany();
    expect(after.every((g) => g.hostname === `${g.name}.${g.namespace}${SUFFIX[to]}`)).toBe(true);
    for (const g of after) expect(g.version).toBe(before.find((b) => b.id === g.id)!.version + 1);
    expect(changeSet?.clusters.length).toBeGreaterThan(0);
    expect(changeSet!.kind).toBe("hostnames");
    // Every global service was renamed, and the change set says so.
    expect([...changeSet!.services].sort()).toEqual(
      after.map((g) => `${g.namespace}/${g.name}`).sort(),
    );
    const diffs = changeSet!.plan!.clusters.map((c) => c.diff).join("\n");
    expect(diffs).toContain(`+  host: reviews.bookinfo${SUFFIX[to]}`);
    expect(diffs).toContain(`+    - reviews.bookinfo${SUFFIX[to]}`);
    for (const { cluster, generation } of changeSet!.clusters) {
      const d = await db().desiredState.findUniqueOrThrow({ where: { clusterName: cluster } });
      expect(d.generation).toBe(generation);
      expect(JSON.stringify(d.resources)).not.toContain(`reviews.bookinfo${SUFFIX[from]}`);
    }
  });

  it("changes nothing when the suffix is already in force", async () => {
    const before = await hosts();
    const sets = await db().changeSet.count();
    const res = await call(setting.PUT, "PUT", "/x", {
      token: admin,
      body: { suffix: await current() },
    });
    expect(res.status).toBe(200);
    expect((res.body as { changeSet: unknown }).changeSet).toBeNull();
    expect(await hosts()).toEqual(before);
    expect(await db().changeSet.count()).toBe(sets);
  });

  it("refuses bad input and non-admins, changing nothing", async () => {
    const before = await hosts();
    const suffix = await current();
    for (const body of [{ suffix: "local" }, { suffix: "global", extra: 1 }, {}, "global"]) {
      const res = await call(setting.PUT, "PUT", "/x", { token: admin, body });
      expect(res.status).toBe(400);
    }
    const other = suffix === "global" ? "clusterset" : "global";
    const res = await call(setting.PUT, "PUT", "/x", { token: operator, body: { suffix: other } });
    expect(res.status).toBe(403);
    expect(await hosts()).toEqual(before);
    expect(await current()).toBe(suffix);
    // Reading it is for everyone, as the settings page shows it to every user.
    const viewer = (await userWithToken("viewer")).token;
    const read = await call(setting.GET, "GET", "/x", { token: viewer });
    expect(read).toMatchObject({ status: 200, body: { suffix } });
  });
});
