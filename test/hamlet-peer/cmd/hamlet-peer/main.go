// Command hamlet-peer is an independent Hamlet v1alpha2 peer for Meridian's federation suite
// (tests/federation/go-peer.test.ts): a consumer that subscribes to a DiscoveryService, ACKs what
// it receives and records it, or an owner that serves the DiscoveryService and publishes the
// FederatedServices it is told to, one message in flight until the consumer's ACK or NACK.
//
// It speaks JSON lines: every event on stdout ({"event": ...}), commands on stdin (owner:
// {"op":"upsert","service":{...}}, {"op":"delete","id":"..."}, {"op":"drop"}; consumer:
// {"op":"nack-next","message":"..."}, {"op":"nack-all","message":"..."} ("" stops),
// {"op":"hold"}, {"op":"release"}). EOF on stdin ends it.
//
//	hamlet-peer -protos proto/hamlet -cert c.pem -key k.pem -ca peer-ca.pem -connect host:port
//	hamlet-peer -protos proto/hamlet -cert c.pem -key k.pem -ca peer-ca.pem -listen 127.0.0.1:0
package main

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sync"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/dynamicpb"
)

var out = struct {
	sync.Mutex
	enc *json.Encoder
}{enc: json.NewEncoder(os.Stdout)}

// emit writes one event line.
func emit(event string, fields map[string]any) {
	if fields == nil {
		fields = map[string]any{}
	}
	fields["event"] = event
	out.Lock()
	defer out.Unlock()
	_ = out.enc.Encode(fields)
}

func marshal(m *dynamicpb.Message) ([]byte, error) { return proto.Marshal(m) }

func unmarshal(b []byte, m *dynamicpb.Message) error { return proto.Unmarshal(b, m) }

func toJSON(m *dynamicpb.Message) (map[string]any, error) {
	b, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(m)
	if err != nil {
		return nil, err
	}
	var v map[string]any
	return v, json.Unmarshal(b, &v)
}

// command is one line of stdin.
type command struct {
	Op      string          `json:"op"`
	Service json.RawMessage `json:"service,omitempty"`
	ID      string          `json:"id,omitempty"`
	Message string          `json:"message,omitempty"`
}

func commands() <-chan command {
	ch := make(chan command)
	go func() {
		defer close(ch)
		scan := bufio.NewScanner(os.Stdin)
		scan.Buffer(make([]byte, 1<<20), 8<<20)
		for scan.Scan() {
			var c command
			if err := json.Unmarshal(scan.Bytes(), &c); err != nil {
				emit("bad-command", map[string]any{"error": err.Error()})
				continue
			}
			ch <- c
		}
	}()
	return ch
}

func tlsConfig(certFile, keyFile, caFile string, server bool) (*tls.Config, error) {
	pair, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, err
	}
	caPEM, err := os.ReadFile(caFile)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(caPEM) {
		return nil, fmt.Errorf("%s holds no PEM certificate", caFile)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}
	if server {
		// Mutual TLS (spec, "Authentication"): only clients the peer's CA issued.
		cfg.ClientCAs = pool
		cfg.ClientAuth = tls.RequireAndVerifyClientCert
	} else {
		cfg.RootCAs = pool
	}
	return cfg, nil
}

func main() {
	protos := flag.String("protos", "proto/hamlet", "folder of the Hamlet v1alpha2 protos")
	cert := flag.String("cert", "", "this peer's certificate (PEM)")
	key := flag.String("key", "", "its key (PEM)")
	ca := flag.String("ca", "", "the CA of the other side (PEM)")
	connect := flag.String("connect", "", "consumer: host:port of the DiscoveryService")
	listen := flag.String("listen", "", "owner: address to serve the DiscoveryService on")
	serverName := flag.String("server-name", "localhost", "consumer: TLS name to verify")
	flag.Parse()
	h, err := loadHamlet(*protos)
	if err != nil {
		fail(err)
	}
	cfg, err := tlsConfig(*cert, *key, *ca, *listen != "")
	if err != nil {
		fail(err)
	}
	switch {
	case *connect != "":
		cfg.ServerName = *serverName
		err = consume(h, cfg, *connect, commands())
	case *listen != "":
		err = own(h, cfg, *listen, commands())
	default:
		err = fmt.Errorf("give -connect (consumer) or -listen (owner)")
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	emit("fatal", map[string]any{"error": err.Error()})
	os.Exit(1)
}
