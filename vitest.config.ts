import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // Marker package: in tests every module may run server code.
      { find: /^server-only$/, replacement: path.join(root, "node_modules/server-only/empty.js") },
    ],
  },
  test: {
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
  },
});
