#!/usr/bin/env bash
# Copies the upstream CRDs the harness installs into test/kube/crds/ (committed), so a
# harness start needs no downloads. Sources are the projects' own Go modules, fetched
# with `go mod download`; a module the Go module proxy does not serve falls back to the
# reviewed copy in shared/reference/crds (REFERENCE_DIR). Writes crds/SOURCES.md.
set -euo pipefail
cd "$(dirname "$0")/.."
MCS_VERSION="${MCS_VERSION:-v0.5.2}"
ISTIO_API_VERSION="${ISTIO_API_VERSION:-v1.32.0}"
GATEWAY_API_VERSION="${GATEWAY_API_VERSION:-v1.6.3}"
LINKERD_VERSION="${LINKERD_VERSION:-}"     # e.g. a pseudo-version; the proxy serves none today
CONSUL_K8S_VERSION="${CONSUL_K8S_VERSION:-}" # module github.com/hashicorp/consul-k8s/control-plane
REFERENCE_DIR="${REFERENCE_DIR:-$(cd ../.. && pwd)/../shared/reference/crds}"
[ -d "$REFERENCE_DIR" ] || REFERENCE_DIR=/work/shared/reference/crds

moddir() { # module@version -> Dir in the module cache, or empty
  (cd "$(mktemp -d)" && GOFLAGS=-mod=mod go mod download -json "$1" 2>/dev/null) \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'
}
latest() { (cd "$(mktemp -d)" && go list -m -versions "$1" 2>/dev/null) | awk '{print $NF}' || true; }

rm -rf crds.new && mkdir -p crds.new/{mcs-api,istio,linkerd,consul,gateway-api}
sources=()

d="$(moddir "sigs.k8s.io/mcs-api@${MCS_VERSION}")"
[ -n "$d" ] || { echo "sync-crds: cannot download sigs.k8s.io/mcs-api@${MCS_VERSION}" >&2; exit 1; }
cp "$d"/config/crd/multicluster.x-k8s.io_service{exports,imports}.yaml crds.new/mcs-api/
sources+=("| mcs-api/ | Go module sigs.k8s.io/mcs-api ${MCS_VERSION} | config/crd/*.yaml |")

d="$(moddir "istio.io/api@${ISTIO_API_VERSION}")"
[ -n "$d" ] || { echo "sync-crds: cannot download istio.io/api@${ISTIO_API_VERSION}" >&2; exit 1; }
cp "$d"/kubernetes/customresourcedefinitions.gen.yaml crds.new/istio/
sources+=("| istio/ | Go module istio.io/api ${ISTIO_API_VERSION} | kubernetes/customresourcedefinitions.gen.yaml (all Istio CRDs) |")

# Gateway API, standard channel: the route kinds GAMMA uses and what they reference (not
# vap_safeupgrades.yaml, a ValidatingAdmissionPolicy rather than a CRD).
d="$(moddir "sigs.k8s.io/gateway-api@${GATEWAY_API_VERSION}")"
[ -n "$d" ] || { echo "sync-crds: cannot download sigs.k8s.io/gateway-api@${GATEWAY_API_VERSION}" >&2; exit 1; }
gateway=(httproutes grpcroutes gateways gatewayclasses referencegrants)
for k in "${gateway[@]}"; do cp "$d/config/crd/standard/gateway.networking.k8s.io_$k.yaml" crds.new/gateway-api/; done
sources+=("| gateway-api/ | Go module sigs.k8s.io/gateway-api ${GATEWAY_API_VERSION} | config/crd/standard/gateway.networking.k8s.io_{httproutes,grpcroutes,gateways,gatewayclasses,referencegrants}.yaml |")

# Linkerd's link CRD is a Helm template: drop the lines holding {{ ... }}.
v="${LINKERD_VERSION:-$(latest github.com/linkerd/linkerd2)}"
d="$([ -n "$v" ] && moddir "github.com/linkerd/linkerd2@$v" || true)"
if [ -n "$d" ]; then
  src="$d/multicluster/charts/linkerd-multicluster/templates/link-crd.yaml"
  sources+=("| linkerd/ | Go module github.com/linkerd/linkerd2 $v | multicluster/charts/linkerd-multicluster/templates/link-crd.yaml ({{ }} lines removed) |")
else
  src="$REFERENCE_DIR/linkerd/link-crd.yaml"
  sources+=("| linkerd/ | shared/reference/crds/linkerd/link-crd.yaml (linkerd/linkerd2 @ 23e02c7927c352cb4d865414e68f3a776ff6acc8; the Go module proxy does not serve github.com/linkerd/linkerd2) | multicluster/charts/linkerd-multicluster/templates/link-crd.yaml ({{ }} lines removed) |")
fi
grep -v '{{' "$src" > crds.new/linkerd/link-crd.yaml
# Linkerd's ExternalWorkload CRD (VM sites, docs/sites.md), also a Helm template. Without the
# module, the reviewed copy in test/kube/upstream/ (linkerd/linkerd2 @ b24cd40).
ew=charts/linkerd-crds/templates/workload/external-workload.yaml
if [ -n "$d" ]; then
  src="$d/$ew"
  sources+=("| linkerd/ | Go module github.com/linkerd/linkerd2 $v | $ew ({{ }} lines removed) |")
else
  src=upstream/linkerd/external-workload.yaml
  sources+=("| linkerd/ | test/kube/upstream/linkerd/external-workload.yaml (linkerd/linkerd2 @ b24cd4059841f8cee2fb7a9c2ac23a693c583579) | $ew ({{ }} lines removed) |")
fi
grep -v '{{' "$src" > crds.new/linkerd/external-workload.yaml

v="${CONSUL_K8S_VERSION:-$(latest github.com/hashicorp/consul-k8s/control-plane)}"
d="$([ -n "$v" ] && moddir "github.com/hashicorp/consul-k8s/control-plane@$v" || true)"
consul=(exportedservices serviceresolvers samenessgroups serviceintentions)
if [ -n "$d" ]; then
  for k in "${consul[@]}"; do cp "$d/config/crd/bases/consul.hashicorp.com_$k.yaml" crds.new/consul/; done
  sources+=("| consul/ | Go module github.com/hashicorp/consul-k8s/control-plane $v | config/crd/bases/consul.hashicorp.com_{exportedservices,serviceresolvers,samenessgroups,serviceintentions}.yaml |")
else
  for k in "${consul[@]}"; do cp "$REFERENCE_DIR/consul/consul.hashicorp.com_$k.yaml" crds.new/consul/; done
  sources+=("| consul/ | shared/reference/crds/consul (hashicorp/consul-k8s control-plane/config/crd/bases at the commits listed in shared/reference/README.md; the Go module proxy does not serve github.com/hashicorp/consul-k8s/control-plane) | consul.hashicorp.com_{exportedservices,serviceresolvers,samenessgroups,serviceintentions}.yaml |")
fi
chmod -R u+w crds.new

{
  echo "# Upstream CRDs installed by the test harness"
  echo
  echo "Generated by \`bash test/kube/scripts/sync-crds.sh\` — do not edit by hand. The harness"
  echo "installs every CustomResourceDefinition in every \`*.yaml\` below into each cluster."
  echo
  echo "| Folder | Source | Upstream path |"
  echo "| --- | --- | --- |"
  printf '%s\n' "${sources[@]}"
  echo
  echo "Licences: Apache-2.0 (mcs-api, istio/api, gateway-api, linkerd2), MPL-2.0 (consul-k8s)."
} > crds.new/README.md
rm -rf crds && mv crds.new crds
echo "sync-crds: $(grep -h '^kind: CustomResourceDefinition' -r crds | wc -l) CRDs in test/kube/crds" >&2
