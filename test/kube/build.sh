#!/usr/bin/env bash
# Builds kube-apiserver, etcd and the harness into test/kube/bin/ from the Go module
# proxy. Cached: the upstream binaries are rebuilt only when go.mod/go.sum (or the Go
# version) change (stamp bin/.stamp-upstream), the harness only when its sources change
# (bin/.stamp-harness). FORCE=1 rebuilds everything.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v go >/dev/null 2>&1; then
  if [ -x bin/kube-apiserver ] && [ -x bin/etcd ] && [ -x bin/harness ]; then
    echo "kube-build: 'go' is not on PATH; using the existing binaries in test/kube/bin unchecked" >&2
    exit 0
  fi
  echo "kube-build: 'go' is not on PATH and test/kube/bin has no binaries. Install Go >= 1.26.0 and rerun: bash test/kube/build.sh" >&2
  exit 127
fi

# Go's caches live under $HOME; CI environments may not set it.
if [ -z "${HOME:-}" ]; then HOME="$(getent passwd "$(id -u)" | cut -d: -f6)"; export HOME; fi
export CGO_ENABLED=0 GOFLAGS="-mod=readonly -buildvcs=false"
flags=(-trimpath -ldflags=-s\ -w)
mkdir -p bin
start=$(date +%s)

upstream_stamp="$({ sha256sum go.mod go.sum; go env GOVERSION; } | sha256sum | cut -d' ' -f1)"
harness_stamp="$({ sha256sum go.mod go.sum; find cmd -type f -name '*.go' | LC_ALL=C sort | xargs sha256sum; go env GOVERSION; } | sha256sum | cut -d' ' -f1)"

if [ "${FORCE:-0}" = 1 ] || [ "$(cat bin/.stamp-upstream 2>/dev/null)" != "$upstream_stamp" ] \
  || [ ! -x bin/kube-apiserver ] || [ ! -x bin/etcd ]; then
  echo "kube-build: building kube-apiserver and etcd (a cold build takes 10-15 min on 2 cores)" >&2
  go build "${flags[@]}" -o bin/kube-apiserver k8s.io/kubernetes/cmd/kube-apiserver
  go build "${flags[@]}" -o bin/etcd ./cmd/etcd
  echo "$upstream_stamp" > bin/.stamp-upstream
else
  echo "kube-build: kube-apiserver and etcd up to date (go.sum unchanged)" >&2
fi

if [ "${FORCE:-0}" = 1 ] || [ "$(cat bin/.stamp-harness 2>/dev/null)" != "$harness_stamp" ] || [ ! -x bin/harness ]; then
  go build "${flags[@]}" -o bin/harness ./cmd/harness
  echo "$harness_stamp" > bin/.stamp-harness
fi
echo "kube-build: done in $(( $(date +%s) - start ))s" >&2
