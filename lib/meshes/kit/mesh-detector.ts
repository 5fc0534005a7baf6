// The agent-side half of a mesh adapter: how the agent recognises a mesh (the namespaces and
// marker objects that must exist, where the trust root lives, how identity is read) and how it
// reads the mesh's trust. Each mesh folder's detect.ts defines one; ../detectors.ts lists them.
// The agent imports these (never the server); they read YAML and certificates. The contract
// is mirrored by tests/kube/fixtures/meshes.ts (MESH_MARKERS); tests/kube/agent-inventory.test.ts
// asserts that the two agree.
import { loadYaml } from "@kubernetes/client-node";

import type { ReportedMesh } from "../../agent-protocol/snapshot";
import type { ReportedTrust } from "../../agent-protocol/trust";
import type { MeshId } from "./mesh-adapter";

/** Meshes the agent detects: every mesh but "none" (no mesh). */
export type DetectedMeshType = Exclude<MeshId, "none">;

/** A ConfigMap or Secret whose presence, with these keys, marks a mesh. */
export interface MarkerRef {
  kind: "ConfigMap" | "Secret";
  namespace: string;
  name: string;
  requiredKeys: readonly string[];
}

/** Where a mesh keeps its root CA (a PEM bundle). */
export interface TrustRootRef {
  kind: "ConfigMap" | "Secret";
  namespace: string;
  name: string;
  key: string;
}

/** Looks up a marker object the informers hold. */
export type MarkerLookup = (
  kind: MarkerRef["kind"],
  namespace: string,
  name: string,
) => TrimmedMarker | undefined;

/** One mesh's detection rule. */
export interface MeshRule {
  mesh: DetectedMeshType;
  /** All must exist (and not be terminating). */
  namespaces: readonly string[];
  /** All must exist with their required keys. */
  objects: readonly MarkerRef[];
  /**
   * CRDs Meridian's resources for this mesh need. Informational: the harness (and many
   * real clusters) have CRDs without the mesh, so they never prove it; the writer reports
   * "crd-missing" per resource instead.
   */
  crds: readonly string[];
  trustRoot: TrustRootRef;
  /** Reads version and trust domain from the (present) marker objects. */
  identity(find: MarkerLookup): { version: string; trustDomain: string };
  /** Objects read when present, never required (watched like the markers). */
  optional?: readonly MarkerRef[];
  /** Optional details (ReportedMesh's newer fields) from the markers, optional objects and namespaces. */
  details?(find: MarkerLookup, namespaces: ReadonlyMap<string, TrimmedNamespace>): MeshDetails;
  /** The mesh's trust: aliases, the roots it trusts and its kind of CA (reads only watched keys). */
  trust(find: MarkerLookup, trustDomain: string): ReportedTrust;
}

/** What a rule may add to a reported mesh besides version and trust domain. */
export type MeshDetails = Pick<
  ReportedMesh,
  "clusterId" | "network" | "dnsProxy" | "dataplaneMode" | "serviceScopeConfigs"
>;

/** The label holding a mesh component's version. */
export const VERSION_LABEL = "app.kubernetes.io/version";

/** Parses a YAML document to a plain object, or {} when it is malformed or not a map. */
export function parseYamlMap(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const doc: unknown = loadYaml(text);
    return doc && typeof doc === "object" && !Array.isArray(doc)
      ? (doc as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** `v` when it is a string, else "". */
export const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** `v` when it is a plain object, else {}. */
export const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A Namespace: its name, whether it is being deleted, and whether it is enrolled in Istio ambient. */
export interface TrimmedNamespace {
  name: string;
  terminating: boolean;
  /** Labelled `istio.io/dataplane-mode: ambient` (ztunnel captures its pods' traffic). */
  ambient?: boolean;
}

/** A mesh marker ConfigMap or Secret with only the data keys the detection rules read. */
export interface TrimmedMarker {
  kind: "ConfigMap" | "Secret";
  namespace: string;
  name: string;
  labels: Record<string, string>;
  /** cert-manager.io/* annotations only (evidence of an external CA); absent when none. */
  annotations?: Record<string, string>;
  /** Wanted keys only, Secret values already base64-decoded. */
  data: Record<string, string>;
}
