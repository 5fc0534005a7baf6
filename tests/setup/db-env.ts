// Per-file setup: point the app's database client at the run's test database.
import { afterAll, inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.MERIDIAN_DB_POOL_MAX = String(inject("databasePoolMax"));
process.env.NEXTAUTH_SECRET = "test-secret-for-vitest-only-0123456789";
// One log line per change request would bury the test output; warnings and errors still show.
process.env.MERIDIAN_LOG_LEVEL ??= "warn";
// Test files register hundreds of agents from one in-process "address"; the registration limit
// has its own test (tests/api/abuse-limits.test.ts), which sets a small one.
process.env.MERIDIAN_REGISTER_PER_MINUTE ??= "100000";

afterAll(async () => {
  const { db } = await import("@/lib/store/client");
  await db().$disconnect();
});
