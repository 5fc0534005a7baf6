#!/usr/bin/env bash
# Checks every Helm chart under deploy/ (each directory with a Chart.yaml) with the real helm
# v4 that test/helm/build.sh builds from the Go module proxy:
#   1. `helm lint --strict` and `helm template` with each value set: the chart's defaults
#      (or, when the chart has required values, ci/default-values.yaml holding only those)
#      and every other ci/*-values.yaml (the helm chart-testing convention for the
#      non-default value sets);
#   2. server-side applies every rendered manifest to a real kube-apiserver (test/kube's
#      harness, one cluster) with test/helm/apply-rendered.ts.
# Renders go to test-results/helm/<chart>/<value set>.yaml. Run: npm run test:helm
set -euo pipefail
cd "$(dirname "$0")/../.."

bash test/helm/build.sh
helm=test/helm/bin/helm
out=test-results/helm
rm -rf "$out" && mkdir -p "$out"
namespace=meridian-system
count=0

shopt -s nullglob
charts=(deploy/*/Chart.yaml)
[ ${#charts[@]} -gt 0 ] || { echo "helm-charts: no chart under deploy/" >&2; exit 1; }
for chart_file in "${charts[@]}"; do
  chart="$(dirname "$chart_file")"
  name="$(basename "$chart")"
  sets=()
  [ -f "$chart/ci/default-values.yaml" ] || sets+=(default)
  for f in "$chart"/ci/*-values.yaml; do sets+=("$f"); done
  mkdir -p "$out/$name"
  for set in "${sets[@]}"; do
    args=()
    label=default
    if [ "$set" != default ]; then
      args=(--values "$set")
      label="$(basename "$set" .yaml)"
    fi
    echo "helm-charts: $chart with ${set/#default/default values}" >&2
    "$helm" lint --strict "$chart" "${args[@]}" >"$out/$name/$label.lint.txt" 2>&1 \
      || { cat "$out/$name/$label.lint.txt" >&2; echo "helm-charts: helm lint failed: $chart $set" >&2; exit 1; }
    "$helm" template "$name" "$chart" --namespace "$namespace" "${args[@]}" >"$out/$name/$label.yaml" \
      || { echo "helm-charts: helm template failed: $chart $set" >&2; exit 1; }
    count=$((count + 1))
  done
done
echo "helm-charts: ${#charts[@]} chart(s), $count value set(s) linted and rendered into $out" >&2

node --import tsx test/helm/apply-rendered.ts "$out"
