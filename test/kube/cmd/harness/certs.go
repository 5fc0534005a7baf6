package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// pki holds the per-cluster key material: a CA, the apiserver's serving cert,
// an admin client cert (O=system:masters) and the service-account signing key.
type pki struct {
	caPEM, servingCert, servingKey, adminCert, adminKey, saKey, saPub string // file paths
	caData, adminCertData, adminKeyData                               []byte
}

func newKey() (*ecdsa.PrivateKey, []byte, error) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return nil, nil, err
	}
	return k, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

func serial() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	return n
}

// generatePKI writes all certificates and keys for one cluster into dir.
func generatePKI(dir, cluster string) (*pki, error) {
	now := time.Now().Add(-time.Hour)
	caKey, _, err := newKey()
	if err != nil {
		return nil, err
	}
	caTmpl := &x509.Certificate{
		SerialNumber:          serial(),
		Subject:               pkix.Name{CommonName: "meridian-test-ca-" + cluster},
		NotBefore:             now,
		NotAfter:              now.Add(10 * 24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	caCert, _ := x509.ParseCertificate(caDER)
	caData := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER})

	issue := func(tmpl *x509.Certificate) (certPEM, keyPEM []byte, err error) {
		k, kp, err := newKey()
		if err != nil {
			return nil, nil, err
		}
		tmpl.SerialNumber = serial()
		tmpl.NotBefore = now
		tmpl.NotAfter = now.Add(10 * 24 * time.Hour)
		tmpl.KeyUsage = x509.KeyUsageDigitalSignature
		der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, &k.PublicKey, caKey)
		if err != nil {
			return nil, nil, err
		}
		return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), kp, nil
	}
	servingCert, servingKey, err := issue(&x509.Certificate{
		Subject:     pkix.Name{CommonName: "kube-apiserver"},
		DNSNames:    []string{"localhost", "kubernetes", "kubernetes.default", "kubernetes.default.svc"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("10.0.0.1")},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	})
	if err != nil {
		return nil, err
	}
	adminCert, adminKey, err := issue(&x509.Certificate{
		Subject:     pkix.Name{CommonName: "meridian-admin", Organization: []string{"system:masters"}},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	})
	if err != nil {
		return nil, err
	}
	saKey, saKeyPEM, err := newKey()
	if err != nil {
		return nil, err
	}
	saPubDER, err := x509.MarshalPKIXPublicKey(&saKey.PublicKey)
	if err != nil {
		return nil, err
	}
	p := &pki{
		caPEM:         filepath.Join(dir, "ca.crt"),
		servingCert:   filepath.Join(dir, "apiserver.crt"),
		servingKey:    filepath.Join(dir, "apiserver.key"),
		adminCert:     filepath.Join(dir, "admin.crt"),
		adminKey:      filepath.Join(dir, "admin.key"),
		saKey:         filepath.Join(dir, "sa.key"),
		saPub:         filepath.Join(dir, "sa.pub"),
		caData:        caData,
		adminCertData: adminCert,
		adminKeyData:  adminKey,
	}
	files := map[string][]byte{
		p.caPEM: caData, p.servingCert: servingCert, p.servingKey: servingKey,
		p.adminCert: adminCert, p.adminKey: adminKey, p.saKey: saKeyPEM,
		p.saPub: pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: saPubDER}),
	}
	for path, data := range files {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			return nil, fmt.Errorf("write %s: %w", path, err)
		}
	}
	return p, nil
}
