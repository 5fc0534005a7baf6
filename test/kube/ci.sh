#!/usr/bin/env bash
# CI entry point for the Kubernetes integration suite: checks Go, builds kube-apiserver,
# etcd and the harness (cached on go.sum in test/kube/bin), then runs `npm run test:kube`.
# Call from .ci/run after `npm ci`:  bash test/kube/ci.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v go >/dev/null 2>&1; then
  for candidate in /usr/local/go/bin /usr/lib/go-1.26/bin "$HOME/go/bin"; do
    [ -x "$candidate/go" ] && export PATH="$candidate:$PATH" && break
  done
fi
if ! command -v go >/dev/null 2>&1; then
  echo "test/kube/ci.sh: Go is required to build kube-apiserver and etcd (Go >= 1.26.0). Install Go and rerun." >&2
  exit 1
fi
echo "test/kube/ci.sh: $(go version)"

start=$(date +%s)
bash test/kube/build.sh
echo "test/kube/ci.sh: binaries ready after $(( $(date +%s) - start ))s"
npm run test:kube
