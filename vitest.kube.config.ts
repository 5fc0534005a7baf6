// Vitest config for the Kubernetes integration suite (real kube-apiserver + etcd per
// cluster, started once by tests/kube/global-setup.ts). Run: npm run test:kube
import path from "node:path";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/kube/**/*.test.ts"],
    globalSetup: ["tests/kube/global-setup.ts"],
    environment: "node",
    // A cold harness build (~10 min on 2 cores) happens in global setup, before any test.
    hookTimeout: 900_000,
    testTimeout: 60_000,
    // Tests share three API servers: keep file-level parallelism low on 2 cores.
    fileParallelism: false,
  },
});
