import type { DesiredResource } from "../../agent-protocol/messages";
import type { MeshTypeName } from "../../agent-protocol/snapshot";
import type { AnalyzedService, Exporter } from "./analyzed-service";
import type { InventoryCluster } from "./fleet-input";
import type { RemoteImport } from "./remote-import";
import type { ResourceMerger } from "./resources";
import type { SitePlacement } from "./site-placement";
import type { WarningCode } from "./warnings";

// One mesh, as the rest of Meridian sees it. Each mesh folder (istio/, linkerd/, cilium/,
// consul/, mcs/) exports one MeshAdapter; ../registry.ts maps every id of MESH_TYPES to its
// adapter, and the type checker refuses a registry that misses one. The agent-side half
// (detection rule, trust parser) is MeshDetector in ./mesh-detector.ts: it reads YAML and
// certificates, which the server-side compiler never loads.

/** A mesh id: one of MESH_TYPES (lib/agent-protocol/snapshot.ts); "none" is the plain MCS API. */
export type MeshId = MeshTypeName;

/** The cluster a translator compiles for, and its role for one global service. */
export interface Target {
  cluster: InventoryCluster;
  /** The display name of the cluster's mesh (its adapter's), for warnings. */
  meshName: string;
  /** Set when the cluster exports the service. */
  exporter?: Exporter;
  /** True when the cluster imports the service (and it has at least one exporter). */
  importer: boolean;
}

/** Where a translator puts what it compiles for the target cluster. */
export interface Sink {
  resource(r: DesiredResource): void;
  warn(code: WarningCode, message: string): void;
}

/** A kind the agent writes for a mesh, with the RBAC resource (plural) the chart grants for it. */
export interface MeshKind {
  apiVersion: string;
  kind: string;
  /** The resource name in the chart's `managedKinds` (deploy/agent/values.yaml). */
  resource: string;
}

/** How a mesh's proxies name their request metrics (Prometheus), when Meridian reads them. */
export interface MetricsDialect {
  /** The request counter. */
  requests: string;
  /** The latency histogram's bucket series. */
  latencyBucket: string;
  /** The label holding the response's status code. */
  codeLabel: string;
  /** The labels (namespace, name) naming the destination service in its alerts' series. */
  alertServiceLabels: readonly [namespace: string, name: string];
  /** The label naming the destination cluster in its alerts' series. */
  alertClusterLabel: string;
}

/** What a mesh cannot express, said once per mesh (the plan shows these as warnings). */
export interface MeshTexts {
  /** What happens to an importer left off a service's access list. */
  notAllowed: string;
  /** Why a peer's (Hamlet) remote import cannot be written; absent when `importRemote` exists. */
  remote?: string;
  /** Why a VM site cannot serve through this mesh; `{service}` and `{site}` are filled in. */
  site?: string;
}

/** One mesh: its names, its translator and everything the fleet, the chart and the UI need of it. */
export interface MeshAdapter {
  id: MeshId;
  /** The mesh's name in sentences ("Istio", "The MCS API"). */
  displayName: string;
  /** The badge's label in the UI (components/mesh/mesh-badge.tsx adds icon and colour). */
  badgeLabel: string;
  /** Compiles one global service for one cluster of this mesh into `out`. */
  translate(svc: AnalyzedService, target: Target, out: Sink): void;
  /** Compiles one exporting VM site's workloads into a cluster of this mesh; absent = no sites. */
  compileSite?(svc: AnalyzedService, placement: SitePlacement, out: Sink): void;
  /** Compiles one import of a federation peer's service; absent = `texts.remote` is warned. */
  importRemote?(r: RemoteImport, cluster: InventoryCluster, out: Sink): void;
  texts: MeshTexts;
  /** Kinds of which several services write one object (per cluster or partition), and how to merge. */
  mergers?: Readonly<Record<string, ResourceMerger>>;
  /** Namespaces the mesh's installation creates and Meridian writes into (presumed present). */
  namespaces: readonly string[];
  /** Kinds the agent creates, owns outright and prunes (agent/src/kube/managed-kinds.ts). */
  ownedKinds: readonly MeshKind[];
  /** Kinds the chart lets the agent write besides the owned ones (decorated or merged objects). */
  otherWritableKinds: readonly MeshKind[];
  /** Folders under test/kube/crds holding the CRDs its kinds need (the kube harness installs them). */
  crdFolders: readonly string[];
  /** Its proxies' request metrics, when Meridian reads them (lib/fleet-metrics/golden-signals.ts). */
  metrics?: MetricsDialect;
}

/** A mesh's translator, the part of its adapter its own folder's translate.ts defines. */
export type MeshTranslator = Pick<MeshAdapter, "translate">;
