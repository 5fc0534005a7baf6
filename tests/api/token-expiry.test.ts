// Issue 36 defect 13: API tokens default to a 90-day expiry; "never" only when asked for.
import { beforeAll, describe, expect, it } from "vitest";
import { apiTokenCreateSchema } from "@/lib/model/inventory";
import { createApiToken } from "@/lib/services/access/api-tokens";
import { resetDatabase } from "../helpers/db";
import { userWithToken } from "../helpers/api";

const DAY = 86_400_000;
const SYSTEM = { type: "system", label: "test" } as const;

describe("API token expiry", () => {
  let userId: string;
  beforeAll(async () => {
    await resetDatabase();
    userId = (await userWithToken("operator")).userId;
  });
  const create = (body: unknown) =>
    createApiToken(userId, apiTokenCreateSchema.parse(body), SYSTEM);

  it("expires after 90 days when the request names no expiry", async () => {
    const { item } = await create({ name: "ci" });
    expect(item.expiresAt, "a token without an expiry never expires").not.toBeNull();
    const days = (Date.parse(item.expiresAt!) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
  });

  it("never expires only when asked for explicitly (expiresInDays: null)", async () => {
    expect((await create({ name: "forever", expiresInDays: null })).item.expiresAt).toBeNull();
    const { item } = await create({ name: "week", expiresInDays: 7 });
    expect(Math.round((Date.parse(item.expiresAt!) - Date.now()) / DAY)).toBe(7);
  });
});
