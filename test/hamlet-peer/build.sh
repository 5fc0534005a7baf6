#!/usr/bin/env bash
# Builds the federation suite's independent Hamlet v1alpha2 peer (cmd/hamlet-peer: a consumer and
# an owner on google.golang.org/grpc, reading the published protos in proto/hamlet at run time
# with github.com/bufbuild/protocompile, as go.mod pins them) into test/hamlet-peer/bin/hamlet-peer.
# Cached like test/spiffe/build.sh: rebuilt only when go.mod, go.sum, its sources or the Go
# version change (stamp bin/.stamp-hamlet-peer). FORCE=1 rebuilds.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=../lib/go-build.sh
. ../lib/go-build.sh
if ! go_tools_env; then
  echo "hamlet-peer-build: 'go' is not on PATH. Install Go >= 1.26.0 and rerun: bash test/hamlet-peer/build.sh" >&2
  exit 127
fi
go_tools_build_cmd hamlet-peer-build hamlet-peer
