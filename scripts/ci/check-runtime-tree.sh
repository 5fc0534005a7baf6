#!/usr/bin/env bash
# Proves the plane's runtime tree (what the image's runtime stage holds) runs on its own: builds
# it with scripts/ci/build-runtime-tree.sh (the Dockerfile's steps), checks it holds no dev
# dependency, then starts it with plain node, outside the checkout, as an unprivileged user that
# can write only .next/cache (the chart's read-only root filesystem), against real Postgres:
# the chart's migration entry, then the demo, which must answer /api/healthz, serve its static
# files, sign the admin in and show the demo fleet; docker compose's traffic generator; and
# docs/install.md's backup and restore commands, after which the fleet is back.
#   bash scripts/ci/check-runtime-tree.sh POSTGRES_URL [PORT]
# POSTGRES_URL is a server URL (a database of its own is created and dropped); PORT defaults to
# 4210 (the agent API listens on PORT+1, the traffic generator on PORT+2, process metrics on
# PORT+3).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 POSTGRES_URL [PORT]" >&2; exit 2; }
server_url=$1
port=${2:-4210}
cd "$(dirname "$0")/../.."
repo=$PWD
dist=${MERIDIAN_NEXT_DIST_DIR:-.next}

work=$(mktemp -d /tmp/meridian-runtime.XXXXXX)
chmod 755 "$work"
db="meridian_runtime_$$"
db_url="${server_url%/*}/$db"
pid=
cleanup() {
  if [ -n "$pid" ]; then kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  psql "$server_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "runtime tree: $*" >&2
  [ -f "$work/server.log" ] && tail -n 40 "$work/server.log" >&2
  exit 1
}

bash scripts/ci/build-runtime-tree.sh "$work/app"
app=$work/app

echo "--- size"
full_kb=$(du -sk --exclude=.git --exclude="$dist/cache" --exclude=.meridian --exclude=test/kube/bin \
  --exclude=test-results --exclude=playwright-report . | cut -f1)
runtime_kb=$(du -sk "$app" | cut -f1)
echo "full tree (checkout, node_modules and build: what the old image copied): $((full_kb / 1024)) MiB"
echo "runtime tree: $((runtime_kb / 1024)) MiB"
du -sh "$app/node_modules" "$app/$dist" "$app/scripts/dist" "$app/public" "$app/prisma"

echo "--- node_modules: the runtime's packages against the full tree's (package-lock.json)"
node scripts/ci/runtime-packages.mjs "$repo" "$app" || fail "it holds dev dependencies"

echo "--- start it with plain node as an unprivileged user (no tsx, no checkout, read-only tree)"
mkdir -p "$work/bin" "$app/$dist/cache"
ln -s "$(command -v node)" "$work/bin/node"
as_user=()
if [ "$(id -u)" = 0 ]; then
  chown -R nobody "$app/$dist/cache"
  as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
fi
psql "$server_url" -qc "CREATE DATABASE $db" >/dev/null
admin_email=runtime-check@meridian.local
admin_password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
# Only what the image sets: no PATH beyond node (no prometheus, no npx), no NODE_OPTIONS.
run_env=(env -i "PATH=$work/bin" "HOME=$work" "DATABASE_URL=$db_url"
  "NEXTAUTH_SECRET=$(head -c 32 /dev/urandom | base64)" "NEXTAUTH_URL=http://127.0.0.1:$port"
  "MERIDIAN_ADMIN_EMAIL=$admin_email" "MERIDIAN_ADMIN_PASSWORD=$admin_password")
(cd "$app" && "${as_user[@]}" "${run_env[@]}" node scripts/dist/migrate.mjs) >"$work/migrate.log" 2>&1 ||
  { cat "$work/migrate.log" >&2; fail "the migration entry (the chart's Job) failed"; }
grep -q "applied .* migration" "$work/migrate.log" || { cat "$work/migrate.log"; fail "no migration applied"; }
base="http://127.0.0.1:$port"
jar=$work/cookies
# start_server [MODE]: start.mjs (migrations, first admin, the demo with MODE=demo, server.js).
start_server() {
  (cd "$app" && exec setsid "${as_user[@]}" "${run_env[@]}" MERIDIAN_MODE="${1:-start}" PORT="$port" \
    MERIDIAN_METRICS_PORT=$((port + 3)) node scripts/dist/start.mjs) >>"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do
    curl -fsS "$base/api/healthz" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || fail "the server exited"
    sleep 1
  done
}
stop_server() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=
}
sign_in() {
  rm -f "$jar"
  local csrf
  csrf=$(curl -fsS -c "$jar" "$base/api/auth/csrf" | node -e 'process.stdin.on("data",d=>console.log(JSON.parse(d).csrfToken))')
  curl -fsS -o /dev/null -b "$jar" -c "$jar" -X POST "$base/api/auth/callback/credentials" \
    --data-urlencode "csrfToken=$csrf" --data-urlencode "email=$admin_email" \
    --data-urlencode "password=$admin_password" --data-urlencode "json=true" || fail "sign-in failed"
}

start_server demo
health=$(curl -fsS "$base/api/healthz") || fail "/api/healthz did not answer 200 within 120 s"
echo "healthz: $health"
grep -q '"reachable":true' <<<"$health" || fail "healthz: database not reachable"
login=$(curl -fsS "$base/login") || fail "GET /login failed"
grep -q "Meridian" <<<"$login" || fail "/login does not look like Meridian"
asset=$(grep -o '/_next/static/[^"]*\.css' <<<"$login" | head -n 1)
[ -n "$asset" ] || fail "/login links no stylesheet"
curl -fsS -o /dev/null "$base$asset" || fail "static file $asset is not served"
echo "login page and $asset served"
# Issue 17.5: the headers as `curl -I` shows them, on a page and on the agent API's own port.
page_headers=$(curl -fsSI "$base/login") || fail "HEAD /login failed"
grep -qi "^content-security-policy: .*script-src 'self' 'nonce-" <<<"$page_headers" ||
  fail "/login has no nonced Content-Security-Policy: $page_headers"
agent_headers=$(curl -sSI "http://127.0.0.1:$((port + 1))/api/agent/v1/desired") ||
  fail "the agent API's port did not answer"
grep -qi "^content-security-policy: default-src 'none'" <<<"$agent_headers" ||
  fail "the agent API's port has no Content-Security-Policy: $agent_headers"
for header in x-content-type-options x-frame-options referrer-policy; do
  grep -qi "^$header: " <<<"$page_headers" || fail "/login lacks $header"
  grep -qi "^$header: " <<<"$agent_headers" || fail "the agent API's port lacks $header"
done
echo "security headers on the page and the agent API's port"
# Issue 24.3: the agent chart the join command names, packaged from deploy/agent in the tree.
chart_version=$(sed -n 's/^version: *//p' deploy/agent/Chart.yaml)
curl -fsS -o "$work/agent-chart.tgz" "$base/charts/meridian-agent-$chart_version.tgz" ||
  fail "GET /charts/meridian-agent-$chart_version.tgz failed: deploy/agent is not in the runtime tree"
chart_files=$(tar tzf "$work/agent-chart.tgz") || fail "the served agent chart is not a tgz"
grep -qx 'meridian-agent/templates/rbac.yaml' <<<"$chart_files" ||
  fail "the served agent chart lacks templates/rbac.yaml: $chart_files"
echo "agent chart served ($(wc -l <<<"$chart_files") files)"
# Read the whole body first: `curl | grep -q` fails under pipefail when grep stops early (curl: 23).
process_metrics=$(curl -fsS "http://127.0.0.1:$((port + 3))/metrics") ||
  fail "MERIDIAN_METRICS_PORT did not answer GET /metrics"
grep -q '^meridian_process_cpu_seconds_total ' <<<"$process_metrics" ||
  fail "no process metrics on MERIDIAN_METRICS_PORT"
echo "process metrics served on port $((port + 3))"

sign_in
for _ in $(seq 1 60); do
  clusters=$(curl -fsS -b "$jar" "$base/api/v1/clusters" || true)
  [ "$(grep -o '"connected"' <<<"$clusters" | wc -l)" -ge 3 ] && break
  sleep 1
done
grep -q '"east-1"' <<<"$clusters" || fail "the demo fleet is missing from /api/v1/clusters: $clusters"
[ "$(grep -o '"connected"' <<<"$clusters" | wc -l)" -ge 3 ] ||
  fail "the demo agents did not connect: $clusters"
topology=$(curl -fsS -b "$jar" "$base/topology") || fail "GET /topology failed"
grep -q "east-1" <<<"$topology" || fail "/topology does not show the demo fleet"
echo "signed in; the demo fleet's agents are connected and /topology shows it"

# docker compose's traffic generators run the tree's bundled command line.
gen_port=$((port + 2))
(cd "$app" && exec "${as_user[@]}" "${run_env[@]}" node scripts/dist/traffic-generator.mjs \
  --cluster east-1 --mesh istio --port "$gen_port") >"$work/traffic.log" 2>&1 &
gen=$!
for _ in $(seq 1 30); do curl -fsS "http://127.0.0.1:$gen_port/metrics" >"$work/metrics" 2>/dev/null && break; sleep 0.5; done
kill "$gen" 2>/dev/null || true
grep -q '^istio_requests_total{' "$work/metrics" || { cat "$work/traffic.log" >&2; fail "the traffic generator serves no Istio metrics"; }
echo "the traffic generator (docker compose's demo metrics) serves Istio metrics"

echo "--- back up, lose the database, restore (docs/install.md's commands), start without the demo"
stop_server
(
  cd "$work"
  export DATABASE_URL=$db_url
  pg_dump --format=custom --no-owner --file=meridian.dump "$DATABASE_URL"
  psql "$server_url" -qc "DROP DATABASE $db WITH (FORCE)" -c "CREATE DATABASE $db"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" meridian.dump
) || fail "backup or restore failed"
start_server
sign_in
clusters=$(curl -fsS -b "$jar" "$base/api/v1/clusters") || fail "GET /api/v1/clusters failed after the restore"
for c in east-1 east-2 west-1; do
  grep -q "\"$c\"" <<<"$clusters" || fail "cluster $c is missing after the restore: $clusters"
done
echo "restored: the admin signs in and the fleet's clusters are back"
if grep -q "tsx" "$work/server.log"; then fail "the server log mentions tsx"; fi
echo "runtime tree: OK"
