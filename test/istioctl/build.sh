#!/usr/bin/env bash
# Builds istioctl into test/istioctl/bin/ from the Go module proxy (istio.io/istio is served
# here as a snapshot pseudo-version, not a tagged release). Cached like test/kube/build.sh: it
# rebuilds only when go.mod/go.sum or the Go version change. Time-bounded: ISTIOCTL_BUILD_TIMEOUT
# seconds (default 900); on failure or timeout it exits non-zero and says what failed.
set -euo pipefail
cd "$(dirname "$0")"
if [ -z "${HOME:-}" ]; then HOME="$(getent passwd "$(id -u)" | cut -d: -f6)"; export HOME; fi
export CGO_ENABLED=0 GOFLAGS="-mod=readonly -buildvcs=false"
mkdir -p bin
stamp="$({ sha256sum go.mod; sha256sum go.sum 2>/dev/null || true; go env GOVERSION; } | sha256sum | cut -d' ' -f1)"
if [ "${FORCE:-0}" != 1 ] && [ "$(cat bin/.stamp 2>/dev/null)" = "$stamp" ] && [ -x bin/istioctl ]; then
  echo "istioctl-build: up to date" >&2
  exit 0
fi
start=$(date +%s)
timeout "${ISTIOCTL_BUILD_TIMEOUT:-900}" go build -trimpath -ldflags='-s -w' -o bin/istioctl istio.io/istio/istioctl/cmd/istioctl
stamp="$({ sha256sum go.mod; sha256sum go.sum 2>/dev/null || true; go env GOVERSION; } | sha256sum | cut -d' ' -f1)"
echo "$stamp" > bin/.stamp
echo "istioctl-build: done in $(( $(date +%s) - start ))s" >&2
