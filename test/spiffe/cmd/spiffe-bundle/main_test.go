package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// endpoint is a real https server on loopback whose certificate is signed by a test CA
// generated here; it serves whatever body the test sets.
type endpoint struct {
	url    string
	caFile string
	body   atomic.Value
}

func newEndpoint(t *testing.T) *endpoint {
	t.Helper()
	caKey, caCert := selfSignedCA(t, "meridian-test bundle-endpoint CA")
	serverKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	must(t, err)
	serverTemplate := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	serverDER, err := x509.CreateCertificate(rand.Reader, serverTemplate, caCert, &serverKey.PublicKey, caKey)
	must(t, err)

	e := &endpoint{}
	e.body.Store("")
	server := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(e.body.Load().(string)))
	}))
	server.TLS = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{serverDER}, PrivateKey: serverKey}}}
	server.StartTLS()
	t.Cleanup(server.Close)
	e.url = server.URL + "/bundle"
	e.caFile = filepath.Join(t.TempDir(), "ca.pem")
	must(t, os.WriteFile(e.caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caCert.Raw}), 0o600))
	return e
}

func selfSignedCA(t *testing.T, name string) (*ecdsa.PrivateKey, *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	must(t, err)
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{Organization: []string{"meridian-test"}, CommonName: name},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	must(t, err)
	cert, err := x509.ParseCertificate(der)
	must(t, err)
	return key, cert
}

// jwk writes an EC P-256 public key as a JWK (RFC 7518 §6.2), by hand, so the valid
// bundle below follows the SPIFFE Trust Domain and Bundle spec without go-spiffe's help.
func jwk(key *ecdsa.PublicKey, extra map[string]any) map[string]any {
	point, err := key.Bytes() // 0x04 || X || Y
	if err != nil {
		panic(err)
	}
	out := map[string]any{
		"kty": "EC",
		"crv": "P-256",
		"x":   base64.RawURLEncoding.EncodeToString(point[1:33]),
		"y":   base64.RawURLEncoding.EncodeToString(point[33:65]),
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

func validBundle(t *testing.T, sequence int, root *x509.Certificate, rootKey, jwtKey *ecdsa.PublicKey) string {
	t.Helper()
	doc := map[string]any{
		"spiffe_sequence":     sequence,
		"spiffe_refresh_hint": 300,
		"keys": []any{
			jwk(rootKey, map[string]any{"use": "x509-svid", "x5c": []string{base64.StdEncoding.EncodeToString(root.Raw)}}),
			jwk(jwtKey, map[string]any{"use": "jwt-svid", "kid": "meridian-jwt-1"}),
		},
	}
	raw, err := json.Marshal(doc)
	must(t, err)
	return string(raw)
}

func opensslFingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	h := strings.ToUpper(hex.EncodeToString(sum[:]))
	var b strings.Builder
	for i := 0; i < len(h); i += 2 {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(h[i : i+2])
	}
	return b.String()
}

func runCLI(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestAcceptsAValidBundleAndSeesARotationAsANewSequence(t *testing.T) {
	e := newEndpoint(t)
	rootKey, root := selfSignedCA(t, "spiffe://example.org root")
	jwtKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	must(t, err)
	e.body.Store(validBundle(t, 7, root, &rootKey.PublicKey, &jwtKey.PublicKey))

	code, stdout, stderr := runCLI("--trust-domain", "example.org", "--url", e.url, "--ca-file", e.caFile)
	if code != 0 {
		t.Fatalf("exit %d, stderr: %s", code, stderr)
	}
	var out Output
	must(t, json.Unmarshal([]byte(stdout), &out))
	if out.TrustDomain != "example.org" || out.URL != e.url {
		t.Errorf("trust domain / url: %+v", out)
	}
	if out.SequenceNumber == nil || *out.SequenceNumber != 7 {
		t.Errorf("sequence: %v", out.SequenceNumber)
	}
	if out.RefreshHintSeconds == nil || *out.RefreshHintSeconds != 300 {
		t.Errorf("refresh hint: %v", out.RefreshHintSeconds)
	}
	if len(out.X509Authorities) != 1 || out.X509Authorities[0].SHA256 != opensslFingerprint(root.Raw) {
		t.Errorf("x509 authorities: %+v, want one with %s", out.X509Authorities, opensslFingerprint(root.Raw))
	}
	if !strings.Contains(out.X509Authorities[0].Subject, "CN=spiffe://example.org root") {
		t.Errorf("subject: %q", out.X509Authorities[0].Subject)
	}
	if strings.Join(out.JWTAuthorityKeyIDs, ",") != "meridian-jwt-1" {
		t.Errorf("jwt key ids: %v", out.JWTAuthorityKeyIDs)
	}

	// A rotated root with a higher sequence number reads as such.
	newRootKey, newRoot := selfSignedCA(t, "spiffe://example.org root 2")
	e.body.Store(validBundle(t, 8, newRoot, &newRootKey.PublicKey, &jwtKey.PublicKey))
	code, stdout, stderr = runCLI("--trust-domain", "example.org", "--url", e.url, "--ca-file", e.caFile)
	if code != 0 {
		t.Fatalf("after rotation: exit %d, stderr: %s", code, stderr)
	}
	must(t, json.Unmarshal([]byte(stdout), &out))
	if *out.SequenceNumber != 8 || out.X509Authorities[0].SHA256 != opensslFingerprint(newRoot.Raw) {
		t.Errorf("after rotation: %+v", out)
	}
}

func TestRejectsMalformedBundlesWithTheLibrarysError(t *testing.T) {
	e := newEndpoint(t)
	rootKey, root := selfSignedCA(t, "root")
	rootB64 := base64.StdEncoding.EncodeToString(root.Raw)
	twoCerts, err := json.Marshal(map[string]any{"keys": []any{
		jwk(&rootKey.PublicKey, map[string]any{"use": "x509-svid", "x5c": []string{rootB64, rootB64}}),
	}})
	must(t, err)
	noKid, err := json.Marshal(map[string]any{"keys": []any{jwk(&rootKey.PublicKey, map[string]any{"use": "jwt-svid"})}})
	must(t, err)
	cases := map[string]struct{ body, want string }{
		"not JSON":              {`{"keys": [`, "federation: spiffebundle: unable to parse JWKS"},
		"no keys member":        {`{"spiffe_sequence": 1}`, "federation: spiffebundle: no authorities found"},
		"two certs in one x5c":  {string(twoCerts), "expected a single certificate in x509-svid entry 0; got 2"},
		"jwt key without a kid": {string(noKid), "federation: spiffebundle: error adding authority 0 of JWKS: keyID cannot be empty"},
		"jwt key off the curve": {`{"keys":[{"kty":"EC","crv":"P-256","use":"jwt-svid","kid":"k","x":"AA","y":"AA"}]}`, "invalid EC public key"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			e.body.Store(c.body)
			code, stdout, stderr := runCLI("--trust-domain", "example.org", "--url", e.url, "--ca-file", e.caFile)
			if code != 1 || stdout != "" || !strings.Contains(stderr, c.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, c.want)
			}
		})
	}
}

func TestRejectsAnEndpointItCannotVerify(t *testing.T) {
	e := newEndpoint(t)
	e.body.Store(`{"keys": []}`)
	// Without --ca-file the system roots cannot verify the test CA.
	code, _, stderr := runCLI("--trust-domain", "example.org", "--url", e.url)
	if code != 1 || !strings.Contains(stderr, "certificate signed by unknown authority") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}

func TestBadFlagsExitTwo(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--url", "https://127.0.0.1:1/"},
		{"--trust-domain", "Not A Domain!", "--url", "https://127.0.0.1:1/"},
		{"--trust-domain", "example.org", "--url", "https://127.0.0.1:1/", "--ca-file", "/nonexistent"},
	} {
		if code, _, _ := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
