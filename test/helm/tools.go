//go:build tools

// Package tools keeps helm's main package (helm.sh/helm/v4/cmd/helm), which build.sh
// compiles, in this module's graph so go.mod/go.sum pin it and its k8s.io/* versions.
package tools

import (
	_ "helm.sh/helm/v4/cmd/helm"
)
