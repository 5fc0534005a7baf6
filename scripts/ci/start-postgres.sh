#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on loopback for tests (CI and local).
# Usage: scripts/ci/start-postgres.sh [port] [datadir]; prints the connection URL.
# Debian's server refuses to run as root, so it runs as the `postgres` user.
set -euo pipefail
PORT="${1:-55432}"
DATA="${2:-/tmp/meridian-pg-$PORT}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "PostgreSQL server not found: install it with 'apt-get install -y postgresql'" >&2
  exit 1
fi
RUN=()
if [ "$(id -u)" = "0" ]; then RUN=(runuser -u postgres --); fi
if [ ! -s "$DATA/PG_VERSION" ]; then
  mkdir -p "$DATA"
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$DATA"
  "${RUN[@]}" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 >/dev/null
fi
if ! "${RUN[@]}" "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  "${RUN[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k /tmp -c fsync=off -c max_connections=300" start >/dev/null
fi
echo "postgresql://postgres@127.0.0.1:$PORT/postgres"
