// Vitest config for the metrics suite: real Prometheus servers fed by traffic
// generators (tests/metrics/prometheus-harness.ts), and the plane's own /metrics scraped by one
// (plane-metrics.test.ts, which also needs Meridian's database: embedded, or TEST_DATABASE_URL).
// Run: npm run test:metrics
import { suiteConfig } from "./suite";

export default suiteConfig({
  include: ["tests/metrics/**/*.test.ts"],
  globalSetup: ["tests/setup/db-global-setup.ts"],
  setupFiles: ["tests/setup/db-env.ts"],
  environment: "node",
  // Each file starts its own fleet of Prometheus servers: one file at a time on 2 cores.
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
