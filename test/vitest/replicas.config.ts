// Vitest config for the two-replica suite (npm run test:replicas): two real Meridian processes
// (scripts/start.ts, the `npm start` path, on the `next build` output) on one real Postgres
// server that the suite starts and may restart, with real agents connected to each.
import { suiteConfig } from "./suite";

export default suiteConfig({
  include: ["tests/replicas/**/*.test.ts"],
  globalSetup: ["tests/replicas/global-setup.ts"],
  setupFiles: ["tests/replicas/env.ts"],
  // The files share one Postgres server (one restarts it) and the suite's ports.
  fileParallelism: false,
  testTimeout: 90_000,
  hookTimeout: 240_000,
});
