import { sameJson } from "../../agent-protocol/canonical-json";
import {
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  OWNERSHIP_ANNOTATION,
  type DesiredResource,
} from "../../agent-protocol/messages";

/** Annotation naming the global service (`namespace/name`) a resource was compiled for. */
export const GLOBAL_SERVICE_ANNOTATION = "meridian.dev/global-service";

export { OWNERSHIP_ANNOTATION };

/** Metadata of an object Meridian writes (the agent protocol's shape). */
export type ObjectMeta = DesiredResource["metadata"];

/** A Kubernetes object of one kind: apiVersion, kind, metadata and the kind's own members. */
export type KubeObject<Kind extends string, Body extends object = object> = {
  apiVersion: string;
  kind: Kind;
  metadata: ObjectMeta;
} & Body;

/** A label selector (metav1.LabelSelector, matchLabels only). */
export type LabelSelector = { matchLabels: Record<string, string> };

/**
 * Every kind a translator may emit, by kind name, with its typed shape. The core kinds are here;
 * each mesh folder's kinds.ts adds its own by declaration merging, so `managedResource` checks a
 * body against its kind (tests/meshes/mesh-kinds-crd.test.ts checks the shapes against the CRDs).
 */
export interface MeshKinds {
  /** A fields-only overlay (labels, annotations) on a cluster's own Service. */
  Service: KubeObject<"Service">;
  /** A namespace an intent asks Meridian to create (never pruned). */
  Namespace: KubeObject<"Namespace">;
}

/** The body of a kind: its members besides apiVersion, kind and metadata. */
export type KindBody<K extends keyof MeshKinds> = Omit<
  MeshKinds[K],
  "apiVersion" | "kind" | "metadata"
>;

export interface ResourceInit<K extends keyof MeshKinds> {
  apiVersion: string;
  kind: K;
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  /** Set for the per-service resources; omitted on resources shared by several services. */
  globalService?: string;
  /** Partial apply to an object Meridian does not own (see {@link OWNERSHIP_ANNOTATION}). */
  fieldsOnly?: boolean;
  /** Top-level members besides apiVersion/kind/metadata (spec, ...), typed by kind. */
  body?: KindBody<K>;
}

/**
 * A desired resource with Meridian's annotations, and the managed-by label when Meridian owns
 * the whole object (a fields-only patch leaves the owner's label alone).
 */
export function managedResource<K extends keyof MeshKinds>(init: ResourceInit<K>): MeshKinds[K] {
  const annotations: Record<string, string> = { ...init.annotations };
  if (init.globalService) annotations[GLOBAL_SERVICE_ANNOTATION] = init.globalService;
  if (init.fieldsOnly) annotations[OWNERSHIP_ANNOTATION] = "fields";
  return {
    apiVersion: init.apiVersion,
    kind: init.kind,
    metadata: {
      name: init.name,
      ...(init.namespace ? { namespace: init.namespace } : {}),
      ...(init.fieldsOnly
        ? Object.keys(init.labels ?? {}).length
          ? { labels: { ...init.labels } }
          : {}
        : { labels: { ...init.labels, [MANAGED_BY_LABEL]: MANAGED_BY_VALUE } }),
      ...(Object.keys(annotations).length ? { annotations } : {}),
    },
    ...init.body,
  } as MeshKinds[K];
}

/** Identity of a resource within one cluster: API group, kind, namespace, name. */
export function resourceKey(r: DesiredResource): string {
  const group = r.apiVersion.includes("/")
    ? r.apiVersion.slice(0, r.apiVersion.lastIndexOf("/"))
    : "";
  return `${group}/${r.kind}/${r.metadata.namespace ?? ""}/${r.metadata.name}`;
}

/** The {@link resourceKey} of the object an agent's result (or any flat reference) is about. */
export function refKey(r: { apiVersion: string; kind: string; namespace: string; name: string }) {
  return resourceKey({
    apiVersion: r.apiVersion,
    kind: r.kind,
    metadata: { name: r.name, ...(r.namespace ? { namespace: r.namespace } : {}) },
  });
}

/** Combines two resources with the same key (e.g. per-partition singletons); throws if it cannot. */
export type ResourceMerger = (a: DesiredResource, b: DesiredResource) => DesiredResource;

/** The desired resources of one cluster, keyed by identity, with per-kind merging. */
export class ResourceSet {
  readonly #byKey = new Map<string, DesiredResource>();

  constructor(private readonly mergers: Readonly<Record<string, ResourceMerger>> = {}) {}

  /** Adds `r`; an identical resource is a no-op, a different one is merged or rejected. */
  add(r: DesiredResource): void {
    const key = resourceKey(r);
    const prev = this.#byKey.get(key);
    if (!prev) {
      this.#byKey.set(key, r);
      return;
    }
    const merge = this.mergers[r.kind];
    if (merge) this.#byKey.set(key, merge(prev, r));
    // Identical duplicates are common (a Linkerd Link per import of the same remote cluster).
    else if (!sameJson(prev, r)) throw new Error(`two different desired resources named ${key}`);
  }

  /** The resources in a deterministic order (by key). */
  toArray(): DesiredResource[] {
    return [...this.#byKey.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, r]) => r);
  }
}
