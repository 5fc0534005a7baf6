#!/usr/bin/env bash
# Run a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server, stopped and
# removed afterwards: `npm run test:postgres` is `npm test` on real Postgres.
# Usage: scripts/ci/with-postgres.sh <command...>   (port: MERIDIAN_TEST_PG_PORT, default 55434)
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT="${MERIDIAN_TEST_PG_PORT:-55434}"
DATA="$(mktemp -d /tmp/meridian-test-pg.XXXXXX)"
trap 'bash scripts/ci/stop-postgres.sh "$DATA"' EXIT
URL="$(bash scripts/ci/start-postgres.sh "$PORT" "$DATA")"
TEST_DATABASE_URL="$URL" "$@"
