// The default suite (npm test, `npx vitest run <file>`): unit tests beside the code and the
// integration tests of tests/ on the embedded database. The only vitest config at the root,
// where vitest looks for it; the other suites' configs and what they share are in test/vitest/.
import { suiteConfig } from "./test/vitest/suite";

export default suiteConfig({
  include: [
    "lib/**/*.test.ts",
    "tests/**/*.test.ts",
    "agent/**/*.test.ts",
    "components/**/*.test.ts",
  ],
  // Suites that need real servers or binaries have their own configs: tests/kube
  // (kube-apiserver), tests/metrics (Prometheus), tests/istioctl (istioctl), tests/replicas
  // (two app processes on a real Postgres), tests/cli/live (the CLI binary against a running
  // app), tests/spiffe (the go-spiffe consumer), tests/federation (two databases on one server).
  exclude: [
    "tests/kube/**",
    "tests/metrics/**",
    "tests/istioctl/**",
    "tests/replicas/**",
    "tests/cli/live/**",
    "tests/spiffe/**",
    "tests/federation/**",
    "node_modules/**",
  ],
  globalSetup: ["tests/setup/db-global-setup.ts"],
  setupFiles: ["tests/setup/db-env.ts"],
  // The embedded database serves one connection at a time: run files one after another.
  fileParallelism: false,
  testTimeout: 20_000,
  hookTimeout: 120_000,
});
