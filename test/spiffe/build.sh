#!/usr/bin/env bash
# Builds the harness's SPIFFE federation consumer (cmd/spiffe-bundle, on
# github.com/spiffe/go-spiffe/v2 as go.mod pins it) into test/spiffe/bin/spiffe-bundle.
# Cached like test/kube/build.sh: rebuilt only when go.mod, go.sum, its sources or the
# Go version change (stamp bin/.stamp-spiffe-bundle). FORCE=1 rebuilds.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=../lib/go-build.sh
. ../lib/go-build.sh
if ! go_tools_env; then
  echo "spiffe-build: 'go' is not on PATH. Install Go >= 1.26.0 and rerun: bash test/spiffe/build.sh" >&2
  exit 127
fi
go_tools_build_cmd spiffe-build spiffe-bundle
