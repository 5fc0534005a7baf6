// Vitest config for the istioctl suite: `istioctl analyze` (built from the Go module proxy by
// test/istioctl/build.sh) judges every compiled Istio tree. No cluster, no database.
// Run: npm run test:istioctl
import { suiteConfig } from "./suite";

export default suiteConfig({
  include: ["tests/istioctl/**/*.test.ts"],
  environment: "node",
  testTimeout: 60_000,
});
