#!/usr/bin/env bash
# The contract fuzz: schemathesis (PyPI, pinned) against the running app on real Postgres, every
# operation of both OpenAPI documents, as an admin, a viewer and an anonymous caller. Checks: no
# 5xx, response bodies and headers conform, every status documented, content types, and no 2xx
# for a caller below the operation's x-meridian-access (hooks.py). Bounded in time per pass;
# prints the request count per pass and in total, and warns below MIN_REQUESTS.
#   DATABASE_URL=postgresql://…/meridian_contract bash test/contract/run.sh
# Env: MERIDIAN_CONTRACT_PORT (5510), MERIDIAN_CONTRACT_VENV (~/.cache/meridian/schemathesis-<version>,
# outside the clone, so a CI run on the same machine reuses it; pip's own cache serves a new one),
# MERIDIAN_CONTRACT_EXAMPLES (per operation and pass, 25), MERIDIAN_CONTRACT_MAX_TIME
# (seconds for the three REST passes together, 165: half for the admin, a quarter each for the
# viewer and the anonymous caller, and a ninth more for the agent document; schemathesis keeps
# fuzzing until its share is spent). One worker: with two,
# CPython 3.11's parser raised "SystemError: AST constructor recursion depth mismatch" inside
# schemathesis's coverage phase (an error of the tool, not of the app).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
SCHEMATHESIS_VERSION=4.32.5
MIN_REQUESTS=5000
PORT="${MERIDIAN_CONTRACT_PORT:-5510}"
VENV="${MERIDIAN_CONTRACT_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/meridian/schemathesis-$SCHEMATHESIS_VERSION}"
EXAMPLES="${MERIDIAN_CONTRACT_EXAMPLES:-25}"
MAX_TIME="${MERIDIAN_CONTRACT_MAX_TIME:-165}"
: "${DATABASE_URL:?set DATABASE_URL to a throwaway real Postgres database (the fuzz writes to it)}"

command -v python3 >/dev/null || { echo "contract: needs python3 with venv (apt-get install -y python3-venv)" >&2; exit 1; }
if [ "$("$VENV/bin/schemathesis" --version 2>/dev/null || true)" != "schemathesis, version $SCHEMATHESIS_VERSION" ]; then
  echo "contract: installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  [ ! -e "$VENV" ] || [ -f "$VENV/pyvenv.cfg" ] || { echo "contract: $VENV exists and is no venv" >&2; exit 1; }
  rm -rf "$VENV" && mkdir -p "$(dirname "$VENV")"
  python3 -m venv "$VENV" || { echo "contract: python3 -m venv failed: apt-get install -y python3-venv" >&2; exit 1; }
  "$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

WORK="$(mktemp -d /tmp/meridian-contract.XXXXXX)"
APP_PID=""
cleanup() {
  if [ -n "$APP_PID" ]; then kill -TERM "$APP_PID" 2>/dev/null || true; wait "$APP_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "contract: starting the app on :$PORT (builds first if the sources changed)"
MERIDIAN_DATA_DIR="$WORK/state" NEXTAUTH_SECRET="contract-secret-0123456789abcdef" \
  node --conditions=react-server --import tsx scripts/start.ts --demo --port "$PORT" \
  --agent-port "$((PORT + 1))" >"$WORK/app.log" 2>&1 &
APP_PID=$!
for _ in $(seq 1 600); do
  curl -fsS "http://127.0.0.1:$PORT/api/healthz" >/dev/null 2>&1 && break
  kill -0 "$APP_PID" 2>/dev/null || { tail -40 "$WORK/app.log" >&2; echo "contract: the app exited" >&2; exit 1; }
  sleep 1
done
curl -fsS "http://127.0.0.1:$PORT/api/healthz" >/dev/null || { tail -40 "$WORK/app.log" >&2; exit 1; }

node --conditions=react-server --import tsx test/contract/tokens.ts "$WORK/tokens"
# shellcheck disable=SC1091
source "$WORK/tokens"

export PYTHONPATH="$ROOT/test/contract" SCHEMATHESIS_HOOKS=hooks
REPORT="${MERIDIAN_CONTRACT_REPORT:-$ROOT/.meridian/contract-report}"
rm -rf "$REPORT" && mkdir -p "$REPORT"
CHECKS=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance
total=0
failed=0
STARTED=$SECONDS
pass() { # name role document seconds [header]
  local name=$1 role=$2 doc=$3 seconds=$4
  shift 4
  echo "contract: pass $name ($doc as $role, at most ${seconds}s)"
  set +e
  MERIDIAN_CONTRACT_ROLE="$role" "$VENV/bin/schemathesis" run "http://127.0.0.1:$PORT$doc" \
    --checks "$CHECKS,no_success_below_access" --max-examples "$EXAMPLES" --max-time "$seconds" \
    --workers 1 --seed 19 --request-timeout 30 --no-color --suppress-health-check all \
    --report ndjson --report-ndjson-path "$WORK/$name.ndjson" \
    "$@" >"$WORK/$name.out" 2>&1
  local rc=$?
  set -e
  local n
  n=$(python3 "$ROOT/test/contract/count.py" "$WORK/$name.ndjson")
  total=$((total + n))
  cp "$WORK/$name.out" "$WORK/$name.ndjson" "$REPORT/"
  # Lines cut at 400 characters: a reproducing curl can carry a 16 KB query string.
  if [ "$rc" -eq 0 ]; then tail -25 "$WORK/$name.out"; else cut -c1-400 "$WORK/$name.out"; fi
  echo "contract: pass $name: $n requests, exit $rc"
  [ "$rc" -eq 0 ] || failed=1
}

# Revoking a token is fuzzed anonymously only: a pass that revoked its own token (the stateful
# phase links GET /api/v1/tokens to it) would see nothing but 401s after.
# The admin pass gets the most time: its requests write (clusters, change sets, plans) and cost
# the app more than refusals do.
share=$((MAX_TIME / 3))
pass admin admin /api/v1/openapi.json $((share + share / 2)) -H "Authorization: Bearer $ADMIN_TOKEN" --exclude-operation-id revokeApiToken
pass viewer viewer /api/v1/openapi.json $((share * 3 / 4)) -H "Authorization: Bearer $VIEWER_TOKEN" --exclude-operation-id revokeApiToken
pass anonymous anonymous /api/v1/openapi.json $((share * 3 / 4))
pass agent-anonymous anonymous /api/agent/v1/openapi.json $((share / 3))

echo "contract: $total requests in total in $((SECONDS - STARTED))s of fuzzing (at least $MIN_REQUESTS wanted)"
if [ "$failed" -ne 0 ]; then
  echo "contract: schemathesis found failures (above); the app log's last lines:" >&2
  grep -iE "error|unhandled" "$WORK/app.log" | tail -20 >&2 || true
  exit 1
fi
# The request count depends on the machine's speed within the time bound: below the target it
# says so loudly, but the checks above are what pass or fail the run.
[ "$total" -ge "$MIN_REQUESTS" ] || echo "contract: WARNING: only $total requests, below the $MIN_REQUESTS target (a loaded machine): raise MERIDIAN_CONTRACT_MAX_TIME" >&2
echo "contract: passed"
