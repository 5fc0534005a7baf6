// The one list of meshes is MESH_TYPES (lib/agent-protocol/snapshot.ts) with one adapter each in
// lib/meshes/registry.ts; the type checker ties the TypeScript lists to it (Record<MeshId, …>).
// The lists it cannot see — the Prisma enum, the agent chart's RBAC and mesh switches, the kube
// harness's CRD folders, the metrics dialects, the UI badge's labels — are checked here, so
// adding or removing a mesh fails this file until every one of them agrees.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";

import { MESH_TYPES } from "@/lib/agent-protocol/snapshot";
import { MESH_RULES } from "@/lib/meshes/detectors";
import { MESH_ADAPTERS, MESH_LIST, MESH_WRITABLE_KINDS } from "@/lib/meshes/registry";
import { EDGE_FAMILIES } from "@/lib/fleet-metrics/call-edges";
import { buildGoldenSignalsQuery, METRICS_MESHES } from "@/lib/fleet-metrics/golden-signals";
import { MESH_STYLES } from "@/components/mesh/mesh-badge";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const sorted = (xs: Iterable<string>) => [...xs].sort();
const groupOf = (apiVersion: string) =>
  apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";

describe("one list of meshes", () => {
  it("the registry holds exactly MESH_TYPES, each adapter under its own id", () => {
    expect(Object.keys(MESH_ADAPTERS).sort()).toEqual([...MESH_TYPES].sort());
    for (const [id, adapter] of Object.entries(MESH_ADAPTERS)) expect(adapter.id).toBe(id);
    expect(MESH_LIST.map((m) => m.id)).toEqual([...MESH_TYPES]);
  });

  it("the agent detects every mesh but none (lib/meshes/detectors.ts)", () => {
    expect(sorted(Object.keys(MESH_RULES))).toEqual(sorted(MESH_TYPES.filter((m) => m !== "none")));
    for (const [id, rule] of Object.entries(MESH_RULES)) expect(rule.mesh).toBe(id);
  });

  it("the Prisma enum MeshType lists the same meshes (prisma/schema.prisma)", () => {
    const block = /enum MeshType \{([^}]*)\}/.exec(read("prisma/schema.prisma"))?.[1] ?? "";
    const values = block
      .split("\n")
      .map((l) => l.replace(/\/\/.*$/, "").trim())
      .filter(Boolean);
    expect(sorted(values)).toEqual(sorted(MESH_TYPES));
  });

  it("the agent chart's managedKinds grant exactly the kinds the adapters write (deploy/agent/values.yaml)", () => {
    const values = parse(read("deploy/agent/values.yaml")) as {
      managedKinds: { apiGroup: string; resources: string[] }[];
      meshes: Record<string, boolean>;
    };
    const chart = values.managedKinds.flatMap((k) => k.resources.map((r) => `${k.apiGroup}/${r}`));
    const adapters = MESH_WRITABLE_KINDS.map((k) => `${groupOf(k.apiVersion)}/${k.resource}`);
    expect(sorted(chart)).toEqual(sorted(new Set(adapters)));
  });

  it("the agent chart switches and the agent's MERIDIAN_MESHES list the detected meshes", () => {
    const values = parse(read("deploy/agent/values.yaml")) as { meshes: Record<string, boolean> };
    expect(sorted(Object.keys(values.meshes))).toEqual(sorted(Object.keys(MESH_RULES)));
    // MERIDIAN_MESHES is derived from those switches, not from a list of its own.
    const helper = /define "meridian-agent\.meshes"[\s\S]*?\{\{- end -\}\}\s*$/m.exec(
      read("deploy/agent/templates/_helpers.tpl"),
    )?.[0];
    expect(helper).toContain("range $mesh, $enabled := .Values.meshes");
    expect(helper).not.toMatch(/list "/);
  });

  it("the chart's read RBAC names exactly each mesh's marker objects (deploy/agent/templates/rbac.yaml)", () => {
    const rbac = read("deploy/agent/templates/rbac.yaml");
    for (const [mesh, rule] of Object.entries(MESH_RULES)) {
      const refs = [...rule.objects, ...(rule.optional ?? []), rule.trustRoot];
      const configMaps = new Set(refs.filter((r) => r.kind === "ConfigMap").map((r) => r.name));
      const secrets = new Set(
        refs.filter((r) => r.kind === "Secret").map((r) => `${r.namespace}/${r.name}`),
      );
      // The template block of this mesh: from its `if .Values.meshes.<mesh>` to its `end`.
      const block =
        new RegExp(`if \\.Values\\.meshes\\.${mesh} \\}\\}([\\s\\S]*?)\\{\\{-? ?end`).exec(
          rbac,
        )?.[1] ?? "";
      const chartConfigMaps = new Set(
        [...block.matchAll(/\$configMaps[^\n]*?(?:list|append \$configMaps) ([^)\n]*)/g)].flatMap(
          (m) => m[1]!.match(/"([^"]+)"/g)?.map((q) => q.slice(1, -1)) ?? [],
        ),
      );
      const chartSecrets = new Set(
        [...block.matchAll(/"namespace" "([^"]+)" "name" "([^"]+)"/g)].map(
          (m) => `${m[1]}/${m[2]}`,
        ),
      );
      expect({ mesh, configMaps: sorted(chartConfigMaps) }).toEqual({
        mesh,
        configMaps: sorted(configMaps),
      });
      expect({ mesh, secrets: sorted(chartSecrets) }).toEqual({ mesh, secrets: sorted(secrets) });
    }
  });

  it("the kube harness's CRD folders are the adapters' (test/kube/crds)", () => {
    const folders = readdirSync(path.join(ROOT, "test/kube/crds"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(sorted(folders)).toEqual(sorted(new Set(MESH_LIST.flatMap((m) => m.crdFolders))));
  });

  it("the metrics code reads the meshes that have a metrics dialect, by their dialect's names", () => {
    const withDialect = MESH_LIST.flatMap((m) => (m.metrics ? [m.id] : []));
    expect(sorted(METRICS_MESHES)).toEqual(sorted(withDialect));
    expect(sorted(EDGE_FAMILIES)).toEqual(sorted(withDialect));
    for (const mesh of METRICS_MESHES) {
      const dialect = MESH_ADAPTERS[mesh].metrics!;
      const query = buildGoldenSignalsQuery({
        mesh,
        namespace: "bookinfo",
        name: "reviews",
        window: "1m",
        clusterLabel: "cluster",
      });
      expect(query).toContain(`${dialect.requests}{`);
      expect(query).toContain(`${dialect.latencyBucket}{`);
      expect(query).toContain(`${dialect.codeLabel}=~"5.."`);
    }
  });

  it("the UI badge has every mesh, with its adapter's label (components/mesh/mesh-badge.tsx)", () => {
    expect(sorted(Object.keys(MESH_STYLES))).toEqual(sorted(MESH_TYPES));
    for (const m of MESH_LIST) expect(MESH_STYLES[m.id].label).toBe(m.badgeLabel);
  });
});
