// Command spiffe-bundle is the harness's real SPIFFE federation consumer: it fetches a
// trust bundle from a bundle endpoint over https_web with go-spiffe's federation.FetchBundle
// (the call a SPIRE server's federation makes), which parses it with spiffebundle, and
// prints what it read as one JSON object on stdout.
//
//	spiffe-bundle --trust-domain example.org --url https://127.0.0.1:4443/bundle [--ca-file ca.pem]
//
// Exit codes: 0 the bundle was fetched and parsed; 1 the fetch or the parse failed (the
// library's error on stderr, nothing on stdout); 2 bad flags.
package main

import (
	"context"
	"crypto/sha256"
	"crypto/x509"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spiffe/go-spiffe/v2/bundle/spiffebundle"
	"github.com/spiffe/go-spiffe/v2/federation"
	"github.com/spiffe/go-spiffe/v2/spiffeid"
)

// Output is what the command prints on success.
type Output struct {
	TrustDomain string `json:"trustDomain"`
	URL         string `json:"url"`
	// SequenceNumber is spiffe_sequence; null when the bundle has none.
	SequenceNumber *uint64 `json:"sequenceNumber"`
	// RefreshHintSeconds is spiffe_refresh_hint; null when the bundle has none.
	RefreshHintSeconds *int64          `json:"refreshHintSeconds"`
	X509Authorities    []X509Authority `json:"x509Authorities"`
	JWTAuthorityKeyIDs []string        `json:"jwtAuthorityKeyIds"`
}

// X509Authority is one x509-svid root of the bundle.
type X509Authority struct {
	// SHA256 is the certificate's SHA-256 fingerprint, upper-case hex pairs joined by
	// colons (as `openssl x509 -fingerprint -sha256` and Meridian's agent print it).
	SHA256    string `json:"sha256"`
	Subject   string `json:"subject"`
	NotBefore string `json:"notBefore"`
	NotAfter  string `json:"notAfter"`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("spiffe-bundle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	trustDomain := fs.String("trust-domain", "", "trust domain the bundle belongs to (required), e.g. example.org")
	url := fs.String("url", "", "bundle endpoint URL, https (required)")
	caFile := fs.String("ca-file", "", "PEM file of the CA(s) that sign the endpoint's certificate (default: the system roots)")
	timeout := fs.Duration("timeout", 10*time.Second, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *trustDomain == "" || *url == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "spiffe-bundle: --trust-domain and --url are required (and nothing else)")
		fs.Usage()
		return 2
	}
	td, err := spiffeid.TrustDomainFromString(*trustDomain)
	if err != nil {
		fmt.Fprintf(stderr, "spiffe-bundle: %v\n", err)
		return 2
	}
	var options []federation.FetchOption
	if *caFile != "" {
		pool, err := loadCAs(*caFile)
		if err != nil {
			fmt.Fprintf(stderr, "spiffe-bundle: %v\n", err)
			return 2
		}
		options = append(options, federation.WithWebPKIRoots(pool))
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	bundle, err := federation.FetchBundle(ctx, td, *url, options...)
	if err != nil {
		fmt.Fprintf(stderr, "spiffe-bundle: %v\n", err)
		return 1
	}
	out, err := json.Marshal(describe(bundle, *url))
	if err != nil {
		fmt.Fprintf(stderr, "spiffe-bundle: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, string(out))
	return 0
}

func loadCAs(path string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read --ca-file: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, errors.New("--ca-file holds no PEM certificate")
	}
	return pool, nil
}

func describe(bundle *spiffebundle.Bundle, url string) Output {
	out := Output{
		TrustDomain:        bundle.TrustDomain().String(),
		URL:                url,
		X509Authorities:    []X509Authority{},
		JWTAuthorityKeyIDs: []string{},
	}
	if seq, ok := bundle.SequenceNumber(); ok {
		out.SequenceNumber = &seq
	}
	if hint, ok := bundle.RefreshHint(); ok {
		seconds := int64(hint / time.Second)
		out.RefreshHintSeconds = &seconds
	}
	for _, cert := range bundle.X509Authorities() {
		out.X509Authorities = append(out.X509Authorities, X509Authority{
			SHA256:    fingerprint(cert.Raw),
			Subject:   cert.Subject.String(),
			NotBefore: cert.NotBefore.UTC().Format(time.RFC3339),
			NotAfter:  cert.NotAfter.UTC().Format(time.RFC3339),
		})
	}
	for keyID := range bundle.JWTAuthorities() {
		out.JWTAuthorityKeyIDs = append(out.JWTAuthorityKeyIDs, keyID)
	}
	sort.Strings(out.JWTAuthorityKeyIDs)
	return out
}

func fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	pairs := make([]string, len(sum))
	for i, b := range sum {
		pairs[i] = fmt.Sprintf("%02X", b)
	}
	return strings.Join(pairs, ":")
}
