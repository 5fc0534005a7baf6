// Agent credentials are remembered briefly per replica; every way a credential stops being
// valid takes effect at once: revocation, re-registration, deletion of the cluster — and, with
// a real Postgres server (the CI's second `npm test` run), a revocation committed by another
// replica, heard through NOTIFY.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import * as register from "@/app/api/agent/v1/register/route";
import * as report from "@/app/api/agent/v1/report/route";
import { authenticateAgent } from "@/lib/services/agents/authenticate";
import { createJoinToken, revokeAgentAccess } from "@/lib/services/agents/access";
import { cachedCredential } from "@/lib/store/agent-credential-cache";
import { hashSecretToken } from "@/lib/crypto/secret-token";
import { db } from "@/lib/store/client";
import { deleteCluster } from "@/lib/services/inventory/clusters";
import { DESIRED_CHANNEL, REVOKED_PREFIX } from "@/lib/store/desired-notify";
import { waitFor } from "@/scripts/lib/processes";
import { resetDatabase } from "../helpers/db";
import { call } from "../helpers/api";
import { AGENT_INFO, registeredCluster } from "../helpers/agent";

const SYSTEM = { type: "system", label: "test" } as const;
const heartbeat = (token: string) =>
  call(report.POST, "POST", "/x", { token, body: { kind: "heartbeat", agent: AGENT_INFO } });

describe("agent credential cache", () => {
  beforeAll(async () => {
    await resetDatabase();
  });

  it("remembers a checked credential, and forgets it when the cluster's access is revoked", async () => {
    const cred = await registeredCluster("cache-a");
    expect((await heartbeat(cred)).status).toBe(200);
    expect(cachedCredential(hashSecretToken(cred))).toMatchObject({ clusterName: "cache-a" });
    await revokeAgentAccess("cache-a", SYSTEM);
    expect(cachedCredential(hashSecretToken(cred))).toBeUndefined();
    expect((await heartbeat(cred)).status).toBe(401);
  });

  it("refuses the old credential at once after the agent registers again", async () => {
    const old = await registeredCluster("cache-b");
    expect((await heartbeat(old)).status).toBe(200);
    const { token } = await createJoinToken("cache-b", SYSTEM);
    const res = await call(register.POST, "POST", "/x", {
      body: { joinToken: token, agent: AGENT_INFO },
    });
    expect(res.status).toBe(201);
    expect((await heartbeat(old)).status).toBe(401);
    expect((await heartbeat((res.body as { credential: string }).credential)).status).toBe(200);
  });

  it("refuses a deleted cluster's credential at once", async () => {
    const cred = await registeredCluster("cache-c");
    expect(await authenticateAgent(cred)).toMatchObject({ clusterName: "cache-c" });
    await deleteCluster("cache-c", SYSTEM);
    expect(await authenticateAgent(cred)).toBeNull();
  });

  // Another replica can only exist beside a real Postgres server; the embedded database serves
  // one process (and the tests above cover the revoking replica itself).
  if (process.env.MERIDIAN_DB_POOL_MAX !== "1")
    it("hears a revocation committed by another replica through NOTIFY", async () => {
      const cred = await registeredCluster("cache-d");
      expect(await authenticateAgent(cred)).toMatchObject({ clusterName: "cache-d" });
      // "Another replica": its own connection, revoking and notifying in one transaction.
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query("BEGIN");
        await other.query(
          `UPDATE "AgentCredential" SET "revokedAt" = now() WHERE "clusterName" = 'cache-d'`,
        );
        await other.query("SELECT pg_notify($1, $2)", [
          DESIRED_CHANNEL,
          `${REVOKED_PREFIX}cache-d`,
        ]);
        await other.query("COMMIT");
      } finally {
        await other.end();
      }
      await waitFor(
        "the revocation to reach this replica",
        async () => (await authenticateAgent(cred)) === null,
        5_000,
        20,
      );
      expect(
        await db().agentCredential.count({ where: { clusterName: "cache-d", revokedAt: null } }),
      ).toBe(0);
    });
});
