// Vitest config for the SPIFFE consumer suite (npm run test:spiffe): the real go-spiffe consumer
// (test/spiffe/bin/spiffe-bundle, built by test/spiffe/build.sh) fetches Meridian's bundle
// endpoint over https_web. Needs the binary and a database (the main suite's setup).
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
    include: ["tests/spiffe/**/*.test.ts"],
    globalSetup: ["tests/setup/db-global-setup.ts"],
    setupFiles: ["tests/setup/db-env.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
