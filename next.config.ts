import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Several local checkouts sharing one tree (or parallel e2e runs) can build side by side into
  // their own directories; the default stays `.next`.
  distDir: process.env.MERIDIAN_NEXT_DIST_DIR ?? ".next",
  // The production image runs Next's self-contained server (<distDir>/standalone/server.js with
  // only the node_modules it traces), not `next start` over the whole dependency tree: see
  // Dockerfile and scripts/ci/build-runtime-tree.sh (which also drops the Prisma engines the
  // app never loads: outputFileTracingExcludes does not apply to instrumentation's trace).
  output: "standalone",
  // No next/image in the UI (SVG icons, static files), so no image optimizer and no sharp (with
  // its native libraries) in the standalone tree.
  images: { unoptimized: true },
  // The agent's chart, packaged at request time by app/charts/[file] for the join command.
  outputFileTracingIncludes: { "/charts/[file]": ["./deploy/agent/**/*"] },
  outputFileTracingExcludes: { "*": ["node_modules/sharp/**", "node_modules/@img/**"] },
  poweredByHeader: false,
  reactStrictMode: true,
  // Type checking is its own gate (`npm run typecheck`, strict, whole repo incl. tests and
  // agent); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Packages with native or WASM parts stay out of the server bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    // Hamlet federation: gRPC and the run-time proto loader (protobufjs requires lazily).
    "@grpc/grpc-js",
    "@grpc/proto-loader",
    "protobufjs",
    "@kubernetes/client-node",
    "pg",
    // One copy for every bundle: the limiters are shared through globalThis, and a limiter made
    // by another bundle's copy rejects with a RateLimiterRes this bundle's class does not know.
    "rate-limiter-flexible",
  ],
  // Security headers (CSP, HSTS, nosniff, framing, referrer) are set on every listener of the
  // process, the agent API's port included: lib/infra/security-headers.ts and proxy.ts.
};

export default nextConfig;
