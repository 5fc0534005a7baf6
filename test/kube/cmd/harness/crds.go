package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

const crdPath = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions"

// loadCRDs reads every *.yaml under dir (multi-document files allowed) and returns
// the CustomResourceDefinitions as JSON, keyed by metadata.name.
func loadCRDs(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		r := utilyaml.NewYAMLReader(bufio.NewReader(f))
		for {
			doc, err := r.Read()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if len(bytes.TrimSpace(doc)) == 0 {
				continue
			}
			js, err := yaml.YAMLToJSON(doc)
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			var meta struct {
				Kind     string `json:"kind"`
				Metadata struct {
					Name string `json:"name"`
				} `json:"metadata"`
			}
			if err := json.Unmarshal(js, &meta); err != nil || meta.Kind != "CustomResourceDefinition" {
				continue // comments-only documents, or not a CRD
			}
			out[meta.Metadata.Name] = js
		}
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no CustomResourceDefinitions found under %s", dir)
	}
	return out, err
}

// installCRDs creates the CRDs and waits until every one is Established.
func (c *cluster) installCRDs(ctx context.Context, crds map[string][]byte) error {
	names := make([]string, 0, len(crds))
	for name := range crds {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		status, body, err := c.do(ctx, http.MethodPost, crdPath, "application/json", crds[name])
		if err != nil {
			return fmt.Errorf("create CRD %s: %w", name, err)
		}
		if status != http.StatusCreated && status != http.StatusConflict {
			return fmt.Errorf("create CRD %s: HTTP %d: %s", name, status, body)
		}
	}
	for _, name := range names {
		err := waitFor(ctx, c.name+" CRD "+name+" Established", c.apiserver, func() bool {
			status, body, err := c.do(ctx, http.MethodGet, crdPath+"/"+name, "", nil)
			if err != nil || status != http.StatusOK {
				return false
			}
			var crd struct {
				Status struct {
					Conditions []struct{ Type, Status string } `json:"conditions"`
				} `json:"status"`
			}
			_ = json.Unmarshal(body, &crd)
			for _, cond := range crd.Status.Conditions {
				if cond.Type == "Established" && cond.Status == "True" {
					return true
				}
			}
			return false
		})
		if err != nil {
			return err
		}
	}
	// Discovery is served a moment after Established: wait until every group-version answers.
	served := map[string]bool{}
	for _, name := range names {
		var crd struct {
			Spec struct {
				Group    string `json:"group"`
				Versions []struct {
					Name   string `json:"name"`
					Served bool   `json:"served"`
				} `json:"versions"`
			} `json:"spec"`
		}
		_ = json.Unmarshal(crds[name], &crd)
		for _, v := range crd.Spec.Versions {
			gv := "/apis/" + crd.Spec.Group + "/" + v.Name
			if !v.Served || served[gv] {
				continue
			}
			served[gv] = true
			err := waitFor(ctx, c.name+" discovery "+gv, c.apiserver, func() bool {
				status, _, err := c.do(ctx, http.MethodGet, gv, "", nil)
				return err == nil && status == http.StatusOK
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}
