package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// cluster is one simulated Kubernetes cluster: an etcd and a kube-apiserver.
type cluster struct {
	name       string
	dir        string
	pki        *pki
	token      string
	etcdPort   int
	peerPort   int
	apiPort    int
	etcd       *proc
	apiserver  *proc
	kubeconfig string
	client     *http.Client
}

func (c *cluster) server() string  { return "https://127.0.0.1:" + strconv.Itoa(c.apiPort) }
func (c *cluster) etcdURL() string { return "http://127.0.0.1:" + strconv.Itoa(c.etcdPort) }

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// proc is a started child process; done closes when it has exited and been reaped.
type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// spawn starts a child that is killed if the harness dies (Pdeathsig), in its own
// process group so a terminal's Ctrl-C reaches only the harness, which stops it in order.
func spawn(bin string, args []string, logPath string) (*proc, error) {
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout = logf
	cmd.Stderr = logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() { p.err = cmd.Wait(); logf.Close(); close(p.done) }()
	return p, nil
}

func newCluster(root, name string) (*cluster, error) {
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Join(dir, "etcd"), 0o700); err != nil {
		return nil, err
	}
	p, err := generatePKI(dir, name)
	if err != nil {
		return nil, err
	}
	c := &cluster{name: name, dir: dir, pki: p, token: randomToken()}
	for _, port := range []*int{&c.etcdPort, &c.peerPort, &c.apiPort} {
		if *port, err = freePort(); err != nil {
			return nil, err
		}
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(p.caData)
	c.client = &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}},
	}
	c.kubeconfig = filepath.Join(root, name+".kubeconfig")
	return c, nil
}

func (c *cluster) startEtcd(binDir string) error {
	peer := "http://127.0.0.1:" + strconv.Itoa(c.peerPort)
	args := []string{
		"--name=" + c.name,
		"--data-dir=" + filepath.Join(c.dir, "etcd"),
		"--listen-client-urls=" + c.etcdURL(),
		"--advertise-client-urls=" + c.etcdURL(),
		"--listen-peer-urls=" + peer,
		"--initial-advertise-peer-urls=" + peer,
		"--initial-cluster=" + c.name + "=" + peer,
		"--initial-cluster-state=new",
		"--unsafe-no-fsync", // test data only: skip fsync, it dominates latency on CI disks
		"--quota-backend-bytes=268435456",
		"--log-level=warn",
	}
	var err error
	c.etcd, err = spawn(filepath.Join(binDir, "etcd"), args, filepath.Join(c.dir, "etcd.log"))
	return err
}

func (c *cluster) startAPIServer(binDir string, opts options) error {
	tokens := filepath.Join(c.dir, "tokens.csv")
	// token,user,uid,"group1,group2": the admin token is in system:masters.
	line := fmt.Sprintf("%s,meridian-admin,meridian-admin,\"system:masters\"\n", c.token)
	if err := os.WriteFile(tokens, []byte(line), 0o600); err != nil {
		return err
	}
	args := []string{
		"--etcd-servers=" + c.etcdURL(),
		"--etcd-compaction-interval=" + opts.compactionInterval.String(),
		"--bind-address=127.0.0.1",
		"--advertise-address=127.0.0.1",
		"--secure-port=" + strconv.Itoa(c.apiPort),
		"--tls-cert-file=" + c.pki.servingCert,
		"--tls-private-key-file=" + c.pki.servingKey,
		"--client-ca-file=" + c.pki.caPEM,
		"--token-auth-file=" + tokens,
		"--authorization-mode=" + opts.authorizationMode,
		"--service-account-issuer=https://kubernetes.default.svc",
		"--service-account-key-file=" + c.pki.saPub,
		"--service-account-signing-key-file=" + c.pki.saKey,
		"--service-cluster-ip-range=10.0.0.0/24",
		"--allow-privileged=true",
		"--endpoint-reconciler-type=none", // loopback advertise address; no kubernetes Endpoints needed
		"--disable-admission-plugins=ServiceAccount",
		"--cert-dir=" + c.dir,
		"--v=0",
	}
	args = append(args, opts.extraAPIServerArgs...)
	var err error
	c.apiserver, err = spawn(filepath.Join(binDir, "kube-apiserver"), args, filepath.Join(c.dir, "kube-apiserver.log"))
	return err
}

// do sends an authenticated request to this cluster's API server.
func (c *cluster) do(ctx context.Context, method, path, contentType string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.server()+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, data, err
}

// waitFor polls check every 100ms until it succeeds, the child exits or ctx ends.
func waitFor(ctx context.Context, what string, child *proc, check func() bool) error {
	for {
		if check() {
			return nil
		}
		if child != nil && child.exited() {
			return fmt.Errorf("%s: process exited (%v)", what, child.err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: %w", what, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (c *cluster) waitEtcd(ctx context.Context) error {
	plain := &http.Client{Timeout: 2 * time.Second}
	return waitFor(ctx, c.name+" etcd health", c.etcd, func() bool {
		resp, err := plain.Get(c.etcdURL() + "/health")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
}

func (c *cluster) waitAPIServer(ctx context.Context) error {
	return waitFor(ctx, c.name+" kube-apiserver /readyz", c.apiserver, func() bool {
		status, _, err := c.do(ctx, http.MethodGet, "/readyz", "", nil)
		return err == nil && status == http.StatusOK
	})
}

// stop sends SIGTERM to the child and waits up to grace before SIGKILL.
func stopProcess(p *proc, grace time.Duration) {
	if p == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
		return
	case <-time.After(grace):
	}
	_ = p.cmd.Process.Kill()
	<-p.done
}

func tail(path string, n int) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return string(bytes.Join(lines, []byte("\n")))
}
