// Vitest config for the CLI suite against a running app (npm run test:cli): Meridian started as
// `npm start` runs it (scripts/start.ts on the `next build` output, tests/replicas/harness.ts)
// on a real Postgres database (TEST_DATABASE_URL's server), and the real `bin/meridian.mjs`
// run as a child process for every command.
import { suiteConfig } from "./suite";

export default suiteConfig({
  include: ["tests/cli/live/**/*.test.ts"],
  globalSetup: ["tests/cli/live/global-setup.ts", "tests/setup/db-global-setup.ts"],
  setupFiles: ["tests/setup/db-env.ts"],
  fileParallelism: false,
  testTimeout: 120_000,
  hookTimeout: 240_000,
});
