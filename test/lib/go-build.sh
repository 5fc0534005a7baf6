# Shared by the Go build scripts of the test tools (test/kube, test/helm, test/spiffe,
# test/hamlet-peer).
# Source it, then:
#   go_tools_env || exit $?          # Go on PATH (127 if missing), HOME, static builds
#   stamp="$(go_tools_stamp go.mod go.sum)"   # hash of the files and the Go version
#   go_tools_build LABEL bin/.stamp-X "$stamp" bin/X [go build args...] PACKAGE
# go_tools_build rebuilds only when the stamp differs, the binary is missing, or FORCE=1.
# shellcheck shell=bash

go_tools_env() {
  if ! command -v go >/dev/null 2>&1; then
    local candidate
    for candidate in /usr/local/go/bin /usr/lib/go-1.26/bin "${HOME:-/root}/go/bin"; do
      [ -x "$candidate/go" ] && export PATH="$candidate:$PATH" && break
    done
  fi
  command -v go >/dev/null 2>&1 || return 127
  # Go's caches live under $HOME; CI environments may not set it.
  if [ -z "${HOME:-}" ]; then HOME="$(getent passwd "$(id -u)" | cut -d: -f6)"; export HOME; fi
  export CGO_ENABLED=0 GOFLAGS="-mod=readonly -buildvcs=false"
}

# Prints one hash over the given files' contents and the Go version.
go_tools_stamp() {
  { sha256sum "$@"; go env GOVERSION; } | sha256sum | cut -d' ' -f1
}

# go_tools_build LABEL STAMP_FILE STAMP OUTPUT [go build args...] PACKAGE
go_tools_build() {
  local label="$1" stamp_file="$2" stamp="$3" out="$4"
  shift 4
  if [ "${FORCE:-0}" != 1 ] && [ "$(cat "$stamp_file" 2>/dev/null)" = "$stamp" ] && [ -x "$out" ]; then
    echo "$label: up to date (stamp $(basename "$stamp_file") matches)" >&2
    return 0
  fi
  local began=$SECONDS
  mkdir -p "$(dirname "$out")"
  rm -f "$stamp_file"
  go build -trimpath -o "$out" "$@"
  echo "$stamp" > "$stamp_file"
  echo "$label: built $out in $(( SECONDS - began ))s" >&2
}

# go_tools_build_cmd LABEL NAME: build ./cmd/NAME into bin/NAME, stamped on go.mod, go.sum and
# the command's sources (bin/.stamp-NAME); run from the tool's folder after go_tools_env.
go_tools_build_cmd() {
  local label="$1" name="$2" sources stamp
  mapfile -t sources < <(find cmd -type f -name '*.go' ! -name '*_test.go' | LC_ALL=C sort)
  stamp="$(go_tools_stamp go.mod go.sum "${sources[@]}")"
  go_tools_build "$label" "bin/.stamp-$name" "$stamp" "bin/$name" -ldflags="-s -w" "./cmd/$name"
}
