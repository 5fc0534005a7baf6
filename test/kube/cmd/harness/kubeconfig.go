package main

import (
	"encoding/base64"
	"os"

	"sigs.k8s.io/yaml"
)

// writeKubeconfig writes a kubeconfig with one cluster, one token user and one
// context (all named after the cluster), verified against the cluster's own CA.
func (c *cluster) writeKubeconfig() error {
	cfg := map[string]any{
		"apiVersion":      "v1",
		"kind":            "Config",
		"current-context": c.name,
		"clusters": []any{map[string]any{
			"name": c.name,
			"cluster": map[string]any{
				"server":                     c.server(),
				"certificate-authority-data": base64.StdEncoding.EncodeToString(c.pki.caData),
			},
		}},
		"users": []any{map[string]any{
			"name": "meridian-admin@" + c.name,
			"user": map[string]any{"token": c.token},
		}},
		"contexts": []any{map[string]any{
			"name":    c.name,
			"context": map[string]any{"cluster": c.name, "user": "meridian-admin@" + c.name},
		}},
	}
	data, err := yaml.Marshal(cfg)
	if err != nil {
		return err
	}
	return os.WriteFile(c.kubeconfig, data, 0o600)
}
