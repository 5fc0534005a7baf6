// What the translators emit (typed per kind: lib/meshes/<mesh>/kinds.ts) against the upstream
// CRD schemas the kube harness installs (test/kube/crds): every object of the golden files
// (lib/meshes/__golden__, read as they are, never rewritten) and of the VM-site and federation
// fixtures must name a served version of an installed CRD, and every field it sets must exist in
// that version's openAPIV3Schema with the schema's type. The kube suite applies the same objects
// to a real kube-apiserver; this runs without one.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";

import { compileFleet, type FleetCompilation } from "@/lib/meshes";
import { bookinfoFleet } from "@/lib/meshes/testing/bookinfo";
import { REMOTE_INTENT } from "@/lib/meshes/testing/remote";
import { SITE_INTENT, siteFleet } from "@/lib/meshes/testing/site-fleet";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CRDS = path.join(ROOT, "test/kube/crds");
const GOLDEN = path.join(ROOT, "lib/meshes/__golden__");

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-int-or-string"?: boolean;
};
type Obj = { apiVersion: string; kind: string; metadata: unknown; [k: string]: unknown };

// Core kinds the translators write (fields-only Service overlays, Namespaces) have no CRD.
const CORE = new Set(["v1/Service", "v1/Namespace"]);

function loadCrds(): Map<string, Schema> {
  const byVersionKind = new Map<string, Schema>();
  const files = readdirSync(CRDS, { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".yaml"),
  );
  for (const f of files)
    for (const doc of parseAllDocuments(readFileSync(path.join(CRDS, f), "utf8"))) {
      const crd = doc.toJS() as {
        kind?: string;
        spec?: {
          group: string;
          names: { kind: string };
          versions: { name: string; served: boolean; schema?: { openAPIV3Schema: Schema } }[];
        };
      } | null;
      if (crd?.kind !== "CustomResourceDefinition" || !crd.spec) continue;
      for (const v of crd.spec.versions)
        if (v.served && v.schema)
          byVersionKind.set(
            `${crd.spec.group}/${v.name}/${crd.spec.names.kind}`,
            v.schema.openAPIV3Schema,
          );
    }
  return byVersionKind;
}

const resources = (c: FleetCompilation): Obj[] =>
  Object.values(c.clusters).flatMap((x) => x.resources) as Obj[];

function emittedObjects(): Obj[] {
  const fixtures = [
    compileFleet(SITE_INTENT, siteFleet()),
    compileFleet(REMOTE_INTENT, bookinfoFleet("istio")),
  ].flatMap(resources);
  return [...goldenObjects(), ...fixtures];
}

function goldenObjects(): Obj[] {
  return readdirSync(GOLDEN)
    .filter((f) => f.endsWith(".yaml"))
    .flatMap((f) => parseAllDocuments(readFileSync(path.join(GOLDEN, f), "utf8")))
    .map((d) => d.toJS() as Obj | { cluster: string })
    .filter((o): o is Obj => "apiVersion" in o && "kind" in o);
}

// Every path of `value` the schema does not allow, with the reason.
function violations(value: unknown, schema: Schema, at: string): string[] {
  if (schema["x-kubernetes-preserve-unknown-fields"] && !schema.properties) return [];
  if (schema["x-kubernetes-int-or-string"])
    return typeof value === "number" || typeof value === "string"
      ? []
      : [`${at}: not int-or-string`];
  switch (schema.type) {
    case "string":
      return typeof value === "string" ? [] : [`${at}: not a string`];
    case "integer":
      return Number.isInteger(value) ? [] : [`${at}: not an integer`];
    case "number":
      return typeof value === "number" ? [] : [`${at}: not a number`];
    case "boolean":
      return typeof value === "boolean" ? [] : [`${at}: not a boolean`];
    case "array":
      return Array.isArray(value)
        ? value.flatMap((v, i) => (schema.items ? violations(v, schema.items, `${at}[${i}]`) : []))
        : [`${at}: not an array`];
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return schema.type === "object" ? [`${at}: not an object`] : [];
  return Object.entries(value).flatMap(([k, v]) => {
    const prop = schema.properties?.[k];
    if (prop) return violations(v, prop, `${at}.${k}`);
    const extra = schema.additionalProperties;
    if (extra && typeof extra === "object") return violations(v, extra, `${at}.${k}`);
    if (extra === true || schema["x-kubernetes-preserve-unknown-fields"]) return [];
    return [`${at}.${k}: not in the CRD schema`];
  });
}

describe("emitted mesh kinds against the upstream CRD schemas", () => {
  const crds = loadCrds();
  const objects = emittedObjects();

  it("the goldens and fixtures hold objects of every mesh-specific kind", () => {
    const kinds = new Set(objects.map((o) => o.kind));
    for (const k of [
      "DestinationRule",
      "ServiceEntry",
      "VirtualService",
      "Gateway",
      "WorkloadEntry",
      "WorkloadGroup",
      "AuthorizationPolicy",
      "Link",
      "ExternalWorkload",
      "ExportedServices",
      "ServiceIntentions",
      "ServiceResolver",
      "ServiceExport",
      "HTTPRoute",
    ])
      expect(kinds).toContain(k);
  });

  it("every emitted object is of a served version of an installed CRD, and sets only its schema's fields", () => {
    const problems: string[] = [];
    for (const o of objects) {
      const id = `${o.apiVersion}/${o.kind}`;
      if (CORE.has(id)) continue;
      const schema = crds.get(id);
      if (!schema) {
        problems.push(`${id}: no served CRD version in test/kube/crds`);
        continue;
      }
      const { metadata: _metadata, apiVersion: _v, kind: _k, ...body } = o;
      problems.push(...violations(body, schema, `${id} ${JSON.stringify(o.metadata)}`));
    }
    expect(problems).toEqual([]);
  });
});
