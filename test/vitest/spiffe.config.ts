// Vitest config for the SPIFFE consumer suite (npm run test:spiffe): the real go-spiffe consumer
// (test/spiffe/bin/spiffe-bundle, built by test/spiffe/build.sh) fetches Meridian's bundle
// endpoint over https_web. Needs the binary and a database (the main suite's setup).
import { suiteConfig } from "./suite";

export default suiteConfig({
  include: ["tests/spiffe/**/*.test.ts"],
  globalSetup: ["tests/setup/db-global-setup.ts"],
  setupFiles: ["tests/setup/db-env.ts"],
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
});
