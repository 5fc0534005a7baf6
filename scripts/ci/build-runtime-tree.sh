#!/usr/bin/env bash
# Builds the plane's runtime tree into OUT: exactly what the image's runtime stage holds (the
# Dockerfile runs this script), so CI can start the same tree with plain node where there is no
# Docker engine (scripts/ci/check-runtime-tree.sh).
#   bash scripts/ci/build-runtime-tree.sh OUT
# OUT gets Next's standalone server (server.js, the traced node_modules and server chunks), the
# static files, the migrations, the fleet files and the bundled entries in scripts/dist:
# start.mjs (migrations, first admin, optional demo, then server.js), migrate.mjs (the chart's
# migration Job) and traffic-generator.mjs (the compose demo). No dev dependency, no tsx.
# A fresh `next build` (the check `npm start` uses) is reused; otherwise it builds.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT" >&2; exit 2; }
out=$1
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
dist=${MERIDIAN_NEXT_DIST_DIR:-.next}

fresh() {
  [ -f "$dist/standalone/server.js" ] && [ -x node_modules/.bin/tsx ] &&
    node --import tsx -e 'import { buildIsStale } from "./scripts/lib/build.ts";
      process.exit(buildIsStale(process.cwd()) ? 1 : 0)'
}
if fresh; then
  echo "runtime tree: reusing the fresh build in $dist"
else
  npx prisma generate
  npx next build
fi
rm -rf scripts/dist
npm run --silent runtime:build

rm -rf "$out"
mkdir -p "$out/prisma" "$out/scripts"
cp -a "$dist/standalone/." "$out/"
cp -a "$dist/static" "$out/$dist/static"
cp -a public "$out/public"
cp -a prisma/migrations "$out/prisma/migrations"
cp -a fleets "$out/fleets"
# The Hamlet protos, loaded at run time by lib/federation/proto.ts (federation, docs/federation.md).
cp -a proto "$out/proto"
cp -a scripts/dist "$out/scripts/dist"
# Next traces all of @prisma/client for instrumentation.ts (outputFileTracingExcludes does not
# reach that trace): keep the client runtime and the PostgreSQL query compiler (the WASM engine
# the generated client loads, engineType "client"), drop every other engine and platform.
rt="$out/node_modules/@prisma/client/runtime"
[ -f "$rt/client.mjs" ] && [ -f "$rt/query_compiler_bg.postgresql.wasm-base64.mjs" ] ||
  { echo "runtime tree: Prisma's client runtime or its PostgreSQL engine is missing in $rt" >&2; exit 1; }
find "$rt" -maxdepth 1 -type f \( -name 'query_engine_bg.*' -o -name '*.d.mts' \
  -o -regex '.*/query_compiler_bg\.\(cockroachdb\|mysql\|sqlite\|sqlserver\)\..*' \
  -o -regex '.*/\(binary\|library\|edge\|edge-esm\|react-native\|index-browser\|wasm-compiler-edge\|wasm-engine-edge\)\.m?js' \) -delete
echo "runtime tree: $out ($(du -sh "$out" | cut -f1))"
