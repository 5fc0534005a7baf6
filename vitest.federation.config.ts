// Vitest config for the federation suite (npm run test:federation): two Meridians in one process,
// each on its own database of one real Postgres server (TEST_DATABASE_URL), talking Hamlet over
// real gRPC with mutual TLS on loopback. Its own config: it needs a Postgres server (two
// databases), which the embedded one cannot give.
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      { find: /^server-only$/, replacement: path.join(root, "node_modules/server-only/empty.js") },
    ],
  },
  test: {
    include: ["tests/federation/**/*.test.ts"],
    globalSetup: ["tests/setup/db-global-setup.ts"],
    setupFiles: ["tests/setup/db-env.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
