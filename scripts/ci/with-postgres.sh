#!/usr/bin/env bash
# Run a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server, stopped and
# removed afterwards: `npm run test:postgres` is `npm test` on real Postgres.
# Usage: scripts/ci/with-postgres.sh <command...>   (port: MERIDIAN_TEST_PG_PORT, default 55434)
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT="${MERIDIAN_TEST_PG_PORT:-55434}"
DATA="$(mktemp -d /tmp/meridian-test-pg.XXXXXX)"
URL="$(bash scripts/ci/start-postgres.sh "$PORT" "$DATA")"
stop() {
  local bin
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$bin/pg_ctl" -D "$DATA" -m fast stop >/dev/null 2>&1 || true
  else
    "$bin/pg_ctl" -D "$DATA" -m fast stop >/dev/null 2>&1 || true
  fi
  rm -rf "$DATA"
}
trap stop EXIT
TEST_DATABASE_URL="$URL" "$@"
