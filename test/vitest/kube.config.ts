// Vitest config for the Kubernetes integration suite (real kube-apiserver + etcd per
// cluster, started once by tests/kube/global-setup.ts). Run: npm run test:kube
import { suiteConfig } from "./suite";

export default suiteConfig({
  include: ["tests/kube/**/*.test.ts"],
  // The agent end-to-end tests also need Meridian's database (embedded, or TEST_DATABASE_URL).
  globalSetup: ["tests/kube/global-setup.ts", "tests/setup/db-global-setup.ts"],
  setupFiles: ["tests/setup/db-env.ts"],
  environment: "node",
  // A cold harness build (~10 min on 2 cores) happens in global setup, before any test.
  hookTimeout: 900_000,
  testTimeout: 60_000,
  // Tests share three API servers: keep file-level parallelism low on 2 cores.
  fileParallelism: false,
});
