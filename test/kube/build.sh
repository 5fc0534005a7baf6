#!/usr/bin/env bash
# Builds kube-apiserver, etcd and the harness into test/kube/bin/ from the Go module
# proxy. Cached: the upstream binaries are rebuilt only when go.mod/go.sum (or the Go
# version) change (stamp bin/.stamp-upstream), the harness only when its sources change
# (bin/.stamp-harness). FORCE=1 rebuilds everything.
set -euo pipefail
cd "$(dirname "$0")"

# shellcheck source=../lib/go-build.sh
. ../lib/go-build.sh
if ! go_tools_env; then
  if [ -x bin/kube-apiserver ] && [ -x bin/etcd ] && [ -x bin/harness ]; then
    echo "kube-build: 'go' is not on PATH; using the existing binaries in test/kube/bin unchecked" >&2
    exit 0
  fi
  echo "kube-build: 'go' is not on PATH and test/kube/bin has no binaries. Install Go >= 1.26.0 and rerun: bash test/kube/build.sh" >&2
  exit 127
fi
flags=(-trimpath -ldflags=-s\ -w)
mkdir -p bin
start=$(date +%s)

upstream_stamp="$(go_tools_stamp go.mod go.sum)"
mapfile -t harness_sources < <(find cmd -type f -name '*.go' | LC_ALL=C sort)
harness_stamp="$(go_tools_stamp go.mod go.sum "${harness_sources[@]}")"

if [ "${FORCE:-0}" = 1 ] || [ "$(cat bin/.stamp-upstream 2>/dev/null)" != "$upstream_stamp" ] \
  || [ ! -x bin/kube-apiserver ] || [ ! -x bin/etcd ]; then
  echo "kube-build: building kube-apiserver and etcd (a cold build takes 10-15 min on 2 cores)" >&2
  go build "${flags[@]}" -o bin/kube-apiserver k8s.io/kubernetes/cmd/kube-apiserver
  go build "${flags[@]}" -o bin/etcd ./cmd/etcd
  echo "$upstream_stamp" > bin/.stamp-upstream
else
  echo "kube-build: kube-apiserver and etcd up to date (go.sum unchanged)" >&2
fi

go_tools_build kube-build bin/.stamp-harness "$harness_stamp" bin/harness -ldflags="-s -w" ./cmd/harness
echo "kube-build: done in $(( $(date +%s) - start ))s" >&2
