//go:build tools

// Package tools keeps the upstream main packages that build.sh compiles in this
// module's graph, so go.mod/go.sum pin them.
package tools

import (
	_ "go.etcd.io/etcd/server/v3/etcdmain"
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
)
