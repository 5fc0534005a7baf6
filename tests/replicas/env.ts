// Per-file setup: this process (which seeds clusters and runs the agents) uses the replicas'
// database too.
import { afterAll, inject } from "vitest";

process.env.DATABASE_URL = inject("replicasDatabaseUrl");
process.env.MERIDIAN_DB_POOL_MAX = "4";
process.env.NEXTAUTH_SECRET = "replicas-suite-secret-0123456789abcdef";

afterAll(async () => {
  const { db } = await import("@/lib/store/client");
  await db().$disconnect();
});
