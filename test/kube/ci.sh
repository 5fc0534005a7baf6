#!/usr/bin/env bash
# CI entry point for the Kubernetes integration suite: checks Go, builds kube-apiserver,
# etcd and the harness (cached on go.sum in test/kube/bin), then runs `npm run test:kube`.
# Call from .ci/run after `npm ci`:  bash test/kube/ci.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

# shellcheck source=../lib/go-build.sh
. test/lib/go-build.sh
if ! go_tools_env; then
  echo "test/kube/ci.sh: Go is required to build kube-apiserver and etcd (Go >= 1.26.0). Install Go and rerun." >&2
  exit 1
fi
echo "test/kube/ci.sh: $(go version)"

start=$(date +%s)
bash test/kube/build.sh
# The chart-RBAC tests render deploy/agent with the real helm.
bash test/helm/build.sh
echo "test/kube/ci.sh: binaries ready after $(( $(date +%s) - start ))s"
mkdir -p test-results && rm -f test-results/kube-vitest.json
status=0
npm run test:kube -- --reporter=default --reporter=json --outputFile.json=test-results/kube-vitest.json || status=$?
# A plain closing line, for runners that read "N passed, N failed".
node -e '
  const r = JSON.parse(require("fs").readFileSync("test-results/kube-vitest.json", "utf8"));
  console.log(`kube: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
' 2>/dev/null || echo "kube: 0 passed, 1 failed"
exit "$status"
