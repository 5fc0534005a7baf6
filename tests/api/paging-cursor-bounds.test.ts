// Paging cursors are bounded by their column's range: a cursor past a change-set number (32-bit)
// or an audit event id (64-bit) is a 400 naming the cursor, never a 500 from the database.
// Found by the schemathesis contract fuzz (GET /api/v1/change-sets?cursor=73884292989 → 500).
import { beforeAll, describe, expect, it } from "vitest";
import * as changeSets from "@/app/api/v1/change-sets/route";
import * as audit from "@/app/api/v1/audit/route";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

describe("paging cursors at their column's bounds", () => {
  let viewer: string;
  let admin: string;
  beforeAll(async () => {
    await resetDatabase();
    viewer = (await userWithToken("viewer")).token;
    admin = (await userWithToken("admin")).token;
  });

  it.each(["2147483647", "1", "0"])("accepts change-set cursor %s", async (cursor) => {
    const res = await call(changeSets.GET, "GET", `/x?cursor=${cursor}`, { token: viewer });
    expect(res.status).toBe(200);
  });

  it.each([
    "2147483648",
    "73884292989",
    "87837242328595340",
    "9999999999999999999",
    "o",
    "null",
    "-1",
  ])("refuses change-set cursor %s with a 400", async (cursor) => {
    const res = await call(changeSets.GET, "GET", `/x?cursor=${cursor}`, { token: viewer });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("cursor");
  });

  it("accepts the largest audit cursor and refuses one past it", async () => {
    const ok = await call(audit.GET, "GET", "/x?cursor=9223372036854775807", { token: admin });
    expect(ok.status).toBe(200);
    for (const cursor of ["9223372036854775808", "o", "null"]) {
      const past = await call(audit.GET, "GET", `/x?cursor=${cursor}`, { token: admin });
      expect(past.status, cursor).toBe(400);
      expect(JSON.stringify(past.body)).toContain("cursor");
    }
  });
});
