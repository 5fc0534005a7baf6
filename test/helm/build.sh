#!/usr/bin/env bash
# Builds helm v4 (helm.sh/helm/v4/cmd/helm, the version go.mod pins) from the Go module
# proxy into test/helm/bin/helm. Cached like test/kube/build.sh: rebuilt only when
# go.mod, go.sum or the Go version change (stamp bin/.stamp-helm). FORCE=1 rebuilds.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=../lib/go-build.sh
. ../lib/go-build.sh
if ! go_tools_env; then
  echo "helm-build: 'go' is not on PATH. Install Go >= 1.26.0 and rerun: bash test/helm/build.sh" >&2
  exit 127
fi
stamp="$(go_tools_stamp go.mod go.sum)"
# helm's Makefile sets the version the same way; without it `helm version` says "v4.3".
version="$(go list -m -f '{{.Version}}' helm.sh/helm/v4)"
go_tools_build helm-build bin/.stamp-helm "$stamp" bin/helm \
  -ldflags="-s -w -X helm.sh/helm/v4/internal/version.version=${version}" helm.sh/helm/v4/cmd/helm
