// Vitest config for the federation suite (npm run test:federation): two Meridians in one process,
// each on its own database of one real Postgres server (TEST_DATABASE_URL), talking Hamlet over
// real gRPC with mutual TLS on loopback. Its own config: it needs a Postgres server (two
// databases), which the embedded one cannot give.
import { suiteConfig } from "./suite";

export default suiteConfig({
  include: ["tests/federation/**/*.test.ts"],
  globalSetup: ["tests/setup/db-global-setup.ts"],
  setupFiles: ["tests/setup/db-env.ts"],
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
});
