import "server-only";
import {
  BOOKINFO_NAMESPACE,
  bookinfoFleet,
  DEMO_SITE,
  demoSiteSnapshot,
} from "@/lib/demo/bookinfo-fleet";
import type { Actor } from "@/lib/model/actor";
import { createJoinToken } from "@/lib/services/agents/access";
import { createCluster, updateCluster } from "@/lib/services/inventory/clusters";
import { findCluster } from "@/lib/store/clusters";
import { pool } from "@/lib/store/transaction";
import { applyClusterSnapshot } from "@/lib/services/agents/inventory";
import { applyChanges } from "@/lib/services/sharing/change-sets";
import { createApiToken, revokeApiToken } from "@/lib/services/access/api-tokens";
import { listApiTokens } from "@/lib/store/api-tokens";
import { listIntent } from "@/lib/store/intent";
import { createUser } from "@/lib/services/access/users";
import { findUserByEmail } from "@/lib/store/users";
import { randomBytes } from "node:crypto";
import type { IntentDto } from "@/lib/model/intent";

const SEED_ACTOR: Actor = { type: "system", label: "demo seed" };

/** Register and accept each demo cluster (as an admin would) unless it already exists. */
async function registerDemoClusters(): Promise<ReturnType<typeof bookinfoFleet>> {
  const fleet = bookinfoFleet();
  for (const { cluster } of fleet) {
    if (await findCluster(pool(), cluster.name)) continue;
    const created = await createCluster(cluster, SEED_ACTOR, { simulated: true });
    await updateCluster(cluster.name, { version: created.version, state: "live" }, SEED_ACTOR);
  }
  return fleet;
}

/**
 * Prepare the demo fleet for its simulated-cluster agents: each cluster registered and
 * accepted, and a fresh single-use join token per cluster that the agents trade for their
 * credentials through the real protocol (their inventory then arrives as agent reports).
 */
export async function prepareDemoFleet(): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const { cluster } of await registerDemoClusters()) {
    tokens[cluster.name] = (await createJoinToken(cluster.name, SEED_ACTOR, 1)).token;
  }
  return tokens;
}

/**
 * Load Distributed Bookinfo without agents (`npm run db:seed`, tests): register and accept
 * each cluster, then apply its inventory snapshot through the same function agent reports use.
 */
export async function seedDemoFleet(): Promise<{ clusters: number }> {
  const fleet = await registerDemoClusters();
  for (const { cluster, snapshot } of fleet)
    await applyClusterSnapshot(cluster.name, snapshot, SEED_ACTOR);
  return { clusters: fleet.length };
}

/**
 * The demo's VM site "ratings-legacy" (docs/sites.md): registered and accepted on first start,
 * with ratings served by east-2 and then, as the last failover tier, by the site's VMs through
 * WorkloadEntries in east-1. The intent needs the inventory, so the fleet's and the site's
 * snapshots are applied first (their agents then report the same). Answers the join token of
 * the site's static-mode agent.
 */
export async function prepareDemoSite(): Promise<string> {
  if (!(await findCluster(pool(), DEMO_SITE.name))) {
    const created = await createCluster(DEMO_SITE, SEED_ACTOR, { simulated: true });
    await updateCluster(DEMO_SITE.name, { version: created.version, state: "live" }, SEED_ACTOR);
    for (const { cluster, snapshot } of bookinfoFleet())
      await applyClusterSnapshot(cluster.name, snapshot, SEED_ACTOR);
    await applyClusterSnapshot(DEMO_SITE.name, demoSiteSnapshot(), SEED_ACTOR);
    const ratings = await pool().globalService.findUniqueOrThrow({
      where: { namespace_name: { namespace: BOOKINFO_NAMESPACE, name: "ratings" } },
      select: { version: true },
    });
    await applyChanges(
      [
        {
          namespace: BOOKINFO_NAMESPACE,
          name: "ratings",
          version: ratings.version,
          exports: ["east-2", DEMO_SITE.name],
          imports: ["east-1"],
          failover: {
            tiers: [{ clusters: [{ name: "east-2" }] }, { clusters: [{ name: DEMO_SITE.name }] }],
            outlierDetection: {
              consecutive5xxErrors: 5,
              interval: "10s",
              baseEjectionTime: "30s",
              maxEjectionPercent: 100,
            },
          },
        },
      ],
      { actor: SEED_ACTOR, title: "Demo: ratings fails over to the ratings-legacy VMs" },
    );
  }
  return (await createJoinToken(DEMO_SITE.name, SEED_ACTOR, 1)).token;
}

/** The viewer the demo's traffic generators read the intent as (GET /api/v1/intent). */
export const DEMO_TRAFFIC_EMAIL = "demo-traffic@meridian.local";
const DEMO_TRAFFIC_TOKEN = "demo traffic generator (reads the intent)";

/**
 * What the demo's traffic generators need to route calls as the meshes would: the intent now,
 * and a viewer's API token (valid one day, the previous one revoked) to read it again while
 * the app runs. The viewer has no password anyone knows; an admin may disable it.
 */
export async function prepareDemoTraffic(): Promise<{ token: string; intents: IntentDto[] }> {
  const found = await findUserByEmail(DEMO_TRAFFIC_EMAIL);
  const userId =
    found?.id ??
    (
      await createUser(
        {
          email: DEMO_TRAFFIC_EMAIL,
          name: "Demo traffic generator",
          password: randomBytes(24).toString("base64url"),
          role: "viewer",
        },
        SEED_ACTOR,
      )
    ).id;
  for (const old of await listApiTokens(userId)) {
    if (old.name === DEMO_TRAFFIC_TOKEN && !old.revokedAt)
      await revokeApiToken(userId, old.id, SEED_ACTOR);
  }
  const { token } = await createApiToken(
    userId,
    { name: DEMO_TRAFFIC_TOKEN, expiresInDays: 1 },
    SEED_ACTOR,
  );
  return { token, intents: (await listIntent({ limit: 1000 })).items };
}
