#!/usr/bin/env bash
# Stop a server started by scripts/ci/start-postgres.sh and remove its data directory.
# Usage: scripts/ci/stop-postgres.sh <datadir>. Never fails: it runs from cleanup traps.
DATA="$1"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
RUN=()
if [ "$(id -u)" = "0" ]; then RUN=(runuser -u postgres --); fi
[ -n "$BIN" ] && "${RUN[@]}" "$BIN/pg_ctl" -D "$DATA" -m fast stop >/dev/null 2>&1
rm -rf "$DATA"
exit 0
