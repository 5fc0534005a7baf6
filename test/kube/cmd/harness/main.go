// Command harness starts N independent Kubernetes API servers for tests, envtest-style:
// one etcd and one kube-apiserver per cluster on loopback ports, the upstream mesh CRDs
// installed, one kubeconfig per cluster. It prints one JSON line to stdout when every
// cluster is ready ({"ready":true,"clusters":[...]}) or failed ({"ready":false,...}),
// and on SIGTERM/SIGINT, stdin EOF (--watch-stdin) or parent death stops the API
// servers, then the etcds, removes its work directory and exits 0.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

type options struct {
	names              []string
	binDir, crdDir     string
	workDir            string
	keep               bool
	watchStdin         bool
	startTimeout       time.Duration
	compactionInterval time.Duration
	authorizationMode  string
	extraAPIServerArgs []string
}

type clusterInfo struct {
	Name         string `json:"name"`
	Server       string `json:"server"`
	Kubeconfig   string `json:"kubeconfig"`
	Token        string `json:"token"`
	CAFile       string `json:"caFile"`
	Etcd         string `json:"etcd"`
	APIServerPID int    `json:"apiserverPid"`
	EtcdPID      int    `json:"etcdPid"`
}

type readyLine struct {
	Ready    bool          `json:"ready"`
	Error    string        `json:"error,omitempty"`
	WorkDir  string        `json:"workDir,omitempty"`
	StartMs  int64         `json:"startMs"`
	CRDs     int           `json:"crds,omitempty"`
	Clusters []clusterInfo `json:"clusters,omitempty"`
}

func parseFlags() options {
	exe, _ := os.Executable()
	binDir := filepath.Dir(exe)
	var o options
	var clusters, extra string
	var n int
	flag.StringVar(&clusters, "clusters", "", "comma-separated cluster names (default east-1,east-2,west-1 trimmed to -n)")
	flag.IntVar(&n, "n", 3, "number of clusters when --clusters is not given")
	flag.StringVar(&o.binDir, "bin", binDir, "directory holding kube-apiserver and etcd")
	flag.StringVar(&o.crdDir, "crds", filepath.Join(binDir, "..", "crds"), "directory of CRD YAML files to install")
	flag.StringVar(&o.workDir, "workdir", "", "work directory (default: a new temp dir, removed on exit)")
	flag.BoolVar(&o.keep, "keep", false, "keep the work directory on exit (for debugging)")
	flag.BoolVar(&o.watchStdin, "watch-stdin", false, "exit when stdin reaches EOF (the parent went away)")
	flag.DurationVar(&o.startTimeout, "start-timeout", 3*time.Minute, "time allowed for all clusters to become ready")
	flag.DurationVar(&o.compactionInterval, "etcd-compaction-interval", 5*time.Minute, "kube-apiserver --etcd-compaction-interval")
	flag.StringVar(&o.authorizationMode, "authorization-mode", "RBAC", "kube-apiserver --authorization-mode")
	flag.StringVar(&extra, "apiserver-args", "", "extra kube-apiserver flags, space-separated")
	flag.Parse()
	if clusters != "" {
		for _, s := range strings.Split(clusters, ",") {
			if s = strings.TrimSpace(s); s != "" {
				o.names = append(o.names, s)
			}
		}
	} else {
		defaults := []string{"east-1", "east-2", "west-1"}
		for i := 0; i < n; i++ {
			if i < len(defaults) {
				o.names = append(o.names, defaults[i])
			} else {
				o.names = append(o.names, fmt.Sprintf("cluster-%d", i+1))
			}
		}
	}
	o.extraAPIServerArgs = strings.Fields(extra)
	return o
}

func emit(line readyLine) {
	data, _ := json.Marshal(line)
	fmt.Fprintln(os.Stdout, string(data))
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "harness: "+format+"\n", args...)
}

func main() {
	o := parseFlags()
	began := time.Now()
	if len(o.names) == 0 {
		emit(readyLine{Error: "no clusters requested"})
		os.Exit(2)
	}

	// Our stdout/stderr are pipes to the parent: once it is gone, a write must fail with
	// EPIPE rather than kill the harness before it has cleaned up.
	signal.Ignore(syscall.SIGPIPE)
	stop := make(chan string, 4)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	go func() { s := <-sigs; stop <- "signal " + s.String() }()
	if o.watchStdin {
		go func() { _, _ = io.Copy(io.Discard, os.Stdin); stop <- "stdin closed" }()
	}
	parent := os.Getppid()
	go func() {
		for range time.Tick(time.Second) {
			if os.Getppid() != parent {
				stop <- "parent exited"
				return
			}
		}
	}()

	root := o.workDir
	if root == "" {
		removeStaleWorkDirs()
		var err error
		if root, err = os.MkdirTemp("", workDirPrefix); err != nil {
			emit(readyLine{Error: err.Error()})
			os.Exit(1)
		}
	} else if err := os.MkdirAll(root, 0o700); err != nil {
		emit(readyLine{Error: err.Error()})
		os.Exit(1)
	}

	_ = os.WriteFile(filepath.Join(root, pidFile), []byte(strconv.Itoa(os.Getpid())), 0o600)

	var clusters []*cluster
	var mu sync.Mutex
	shutdown := func() {
		mu.Lock()
		defer mu.Unlock()
		var wg sync.WaitGroup
		for _, c := range clusters {
			wg.Add(1)
			go func(c *cluster) { defer wg.Done(); stopProcess(c.apiserver, 20*time.Second) }(c)
		}
		wg.Wait()
		for _, c := range clusters {
			wg.Add(1)
			go func(c *cluster) { defer wg.Done(); stopProcess(c.etcd, 10*time.Second) }(c)
		}
		wg.Wait()
		if !o.keep {
			_ = os.RemoveAll(root)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), o.startTimeout)
	go func() { reason := <-stop; logf("stopping (%s)", reason); cancel(); shutdown(); os.Exit(0) }()

	crds, err := loadCRDs(o.crdDir)
	if err != nil {
		fail(err, nil, shutdown)
	}
	mu.Lock()
	for _, name := range o.names {
		c, err := newCluster(root, name)
		if err != nil {
			mu.Unlock()
			fail(err, nil, shutdown)
		}
		clusters = append(clusters, c)
	}
	mu.Unlock()

	errs := make([]error, len(clusters))
	var wg sync.WaitGroup
	for i, c := range clusters {
		wg.Add(1)
		go func(i int, c *cluster) {
			defer wg.Done()
			errs[i] = c.start(ctx, o, crds)
		}(i, c)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			fail(err, clusters[i], shutdown)
		}
	}

	line := readyLine{Ready: true, WorkDir: root, StartMs: time.Since(began).Milliseconds(), CRDs: len(crds)}
	for _, c := range clusters {
		line.Clusters = append(line.Clusters, clusterInfo{
			Name: c.name, Server: c.server(), Kubeconfig: c.kubeconfig, Token: c.token,
			CAFile: c.pki.caPEM, Etcd: c.etcdURL(),
			APIServerPID: c.apiserver.cmd.Process.Pid, EtcdPID: c.etcd.cmd.Process.Pid,
		})
	}
	emit(line)
	logf("%d clusters ready in %s", len(clusters), time.Since(began).Round(time.Millisecond))
	select {} // the stop goroutine exits the process
}

// start brings one cluster up: etcd, kube-apiserver, CRDs, kubeconfig.
func (c *cluster) start(ctx context.Context, o options, crds map[string][]byte) error {
	if err := c.startEtcd(o.binDir); err != nil {
		return err
	}
	if err := c.waitEtcd(ctx); err != nil {
		return err
	}
	if err := c.startAPIServer(o.binDir, o); err != nil {
		return err
	}
	if err := c.waitAPIServer(ctx); err != nil {
		return err
	}
	if err := c.installCRDs(ctx, crds); err != nil {
		return err
	}
	return c.writeKubeconfig()
}

func fail(err error, c *cluster, shutdown func()) {
	if c != nil {
		logf("%s etcd log tail:\n%s", c.name, tail(filepath.Join(c.dir, "etcd.log"), 20))
		logf("%s kube-apiserver log tail:\n%s", c.name, tail(filepath.Join(c.dir, "kube-apiserver.log"), 40))
	}
	emit(readyLine{Error: err.Error()})
	shutdown()
	os.Exit(1)
}

const (
	workDirPrefix = "meridian-kube-"
	pidFile       = "harness.pid"
)

// removeStaleWorkDirs deletes work directories left by a harness that was killed
// with SIGKILL (its children died with it through Pdeathsig, its files did not).
func removeStaleWorkDirs() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), workDirPrefix+"*"))
	for _, dir := range dirs {
		data, err := os.ReadFile(filepath.Join(dir, pidFile))
		if err != nil {
			continue // not ours, or still being created
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
		if err != nil || pid <= 0 {
			continue
		}
		if err := syscall.Kill(pid, 0); err == syscall.ESRCH {
			logf("removing stale work directory %s (harness %d is gone)", dir, pid)
			_ = os.RemoveAll(dir)
		}
	}
}
