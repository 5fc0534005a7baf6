//go:build tools

// Package tools pins istioctl's main package in this module (go build needs it in the graph).
package tools

import _ "istio.io/istio/istioctl/cmd/istioctl"
