import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";

import { appliedObject } from "../agent-protocol/applied-object";
import { MANAGED_BY_LABEL } from "../agent-protocol/messages";
import { clusterTree, KUSTOMIZATION_FILE, yamlStream } from "./gitops-tree";
import { compileFleet } from "./index";
import { mixedFleet, MIXED_INTENT } from "./testing/mixed-fleet";

const compiled = compileFleet(MIXED_INTENT, mixedFleet());

describe("the GitOps tree", () => {
  for (const [cluster, { resources }] of Object.entries(compiled.clusters)) {
    it(`${cluster}: one file per resource, each the object the agent applies`, () => {
      const tree = clusterTree(cluster, resources);
      const files = tree.filter((f) => !f.path.endsWith(`/${KUSTOMIZATION_FILE}`));
      expect(files).toHaveLength(resources.length);
      expect(new Set(tree.map((f) => f.path)).size).toBe(tree.length);
      for (const f of tree) expect(f.path.startsWith(`${cluster}/`)).toBe(true);
      const applied = files.map((f) => parse(f.content) as unknown);
      expect(applied).toEqual(expect.arrayContaining(resources.map(appliedObject)));
      const k = tree.find((f) => f.path === `${cluster}/${KUSTOMIZATION_FILE}`);
      expect(parse(k!.content)).toEqual({
        apiVersion: "kustomize.config.k8s.io/v1beta1",
        kind: "Kustomization",
        resources: files.map((f) => f.path.slice(cluster.length + 1)),
      });
      // The API's ?format=yaml is the same files, in the same order, as one stream.
      expect(yamlStream(resources)).toBe(files.map((f) => `---\n${f.content}`).join(""));
      expect(parseAllDocuments(yamlStream(resources)).map((d) => d.toJS() as unknown)).toEqual(
        applied,
      );
    });
  }

  it("labels owned objects as Meridian's and leaves shared ones (someone's Service) alone", () => {
    const all = Object.values(compiled.clusters).flatMap((c) => c.resources);
    const service = all.find((r) => r.kind === "Service");
    const owned = all.find((r) => r.kind !== "Service" && r.kind !== "Link");
    expect(service && owned).toBeTruthy();
    expect(appliedObject(service!).metadata.labels?.[MANAGED_BY_LABEL]).toBe(
      service!.metadata.labels?.[MANAGED_BY_LABEL],
    );
    expect(appliedObject(owned!).metadata.labels?.[MANAGED_BY_LABEL]).toBe("meridian");
  });

  it("puts namespaces first and names files by namespace, kind, group and name", () => {
    const tree = clusterTree("c", [
      {
        apiVersion: "networking.istio.io/v1",
        kind: "DestinationRule",
        metadata: { name: "reviews", namespace: "bookinfo" },
        spec: {},
      },
      { apiVersion: "v1", kind: "Namespace", metadata: { name: "bookinfo" } },
    ]);
    expect(tree.map((f) => f.path)).toEqual([
      "c/namespace_bookinfo.yaml",
      "c/bookinfo_destinationrule.networking.istio.io_reviews.yaml",
      "c/kustomization.yaml",
    ]);
    expect(yamlStream([])).toBe("");
  });
});
