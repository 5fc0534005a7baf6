// Command etcd is upstream etcd's server main (go.etcd.io/etcd/server/v3/etcdmain),
// built from the module proxy at the version k8s.io/kubernetes pins.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
