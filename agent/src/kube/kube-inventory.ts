// The agent's read side on a real cluster: informers for Namespaces, Services,
// EndpointSlices and the mesh marker objects, merged into a ClusterSnapshot.
import { CoreV1Api, DiscoveryV1Api, type KubeConfig } from "@kubernetes/client-node";

import { canonicalJson } from "../../../lib/agent-protocol/canonical-json";
import type { ClusterSnapshot, ServedApis } from "../../../lib/agent-protocol/snapshot";
import type { InventorySource } from "../cluster-interfaces";
import { detectMeshes } from "../discovery/mesh-detect";
import { MESH_RULES } from "../../../lib/meshes/detectors";
import type {
  MeshRule,
  TrimmedMarker,
  TrimmedNamespace,
} from "../../../lib/meshes/kit/mesh-detector";
import { markerObjects } from "../discovery/marker-objects";
import { EXCLUDED_SERVICES, buildReportedServices } from "../discovery/services";
import {
  SERVICE_NAME_LABEL,
  trimEndpointSlice,
  trimMarker,
  trimNamespace,
  trimService,
  type RawConfigMapOrSecret,
  type RawEndpointSlice,
  type RawNamespace,
  type RawService,
} from "../discovery/trim";
import type { TrimmedEndpointSlice, TrimmedService } from "../discovery/types";
import { SILENT_LOG, type AgentLog } from "../log";
import { Informer, type InformerOptions, type ObjectList } from "./informer";
import { readServedApis } from "./served-apis";

/** How often the served API versions are read again (a CRD installed or upgraded later). */
const SERVED_APIS_REFRESH_MS = 60_000;

/** Options for {@link KubeInventory}. */
export interface KubeInventoryOptions {
  log?: AgentLog;
  /** namespace/name of Services never reported; default {@link EXCLUDED_SERVICES}. */
  excludedServices?: readonly string[];
  /** Mesh detection rules; default {@link MESH_RULES}. */
  meshRules?: Readonly<Record<string, MeshRule>>;
  /** Informer tuning (backoff), mostly for tests. */
  informer?: Omit<InformerOptions, "log">;
  /** How often served API versions are re-read; default 60 s. */
  servedApisRefreshMs?: number;
}

type Raw = RawService & RawEndpointSlice & RawNamespace & RawConfigMapOrSecret;

/** An {@link InventorySource} backed by informers on a real Kubernetes API server. */
export class KubeInventory implements InventorySource {
  readonly namespaces: Informer<RawNamespace, TrimmedNamespace>;
  readonly services: Informer<RawService, TrimmedService>;
  readonly endpointSlices: Informer<RawEndpointSlice, TrimmedEndpointSlice>;
  readonly markers: Array<Informer<RawConfigMapOrSecret, TrimmedMarker>>;
  private readonly listeners: Array<() => void> = [];
  private readonly excluded: readonly string[];
  private readonly rules: Readonly<Record<string, MeshRule>>;
  private cached: ClusterSnapshot | undefined;
  private started = false;
  private servedApis: ServedApis | undefined;
  private servedApisTimer: NodeJS.Timeout | undefined;
  private readonly kc: KubeConfig;
  private readonly log: AgentLog;
  private readonly servedApisRefreshMs: number;

  constructor(kc: KubeConfig, opts: KubeInventoryOptions = {}) {
    const log = opts.log ?? SILENT_LOG;
    this.kc = kc;
    this.log = log;
    this.servedApisRefreshMs = opts.servedApisRefreshMs ?? SERVED_APIS_REFRESH_MS;
    const informerOpts: InformerOptions = { ...opts.informer, log };
    this.excluded = opts.excludedServices ?? EXCLUDED_SERVICES;
    this.rules = opts.meshRules ?? MESH_RULES;
    const core = kc.makeApiClient(CoreV1Api);
    const discovery = kc.makeApiClient(DiscoveryV1Api);
    const list = <T>(p: Promise<unknown>) => p as Promise<ObjectList<T>>;

    this.namespaces = new Informer(
      kc,
      {
        name: "namespaces",
        path: "/api/v1/namespaces",
        list: () => list<RawNamespace>(core.listNamespace()),
        trim: trimNamespace,
      },
      informerOpts,
    );
    this.services = new Informer(
      kc,
      {
        name: "services",
        path: "/api/v1/services",
        list: () => list<RawService>(core.listServiceForAllNamespaces()),
        trim: trimService,
      },
      informerOpts,
    );
    // Only slices that belong to a Service (the label the EndpointSlice controller and
    // its mirroring controller set); others cannot be attributed to anything we report.
    const sliceSelectors = { labelSelector: SERVICE_NAME_LABEL };
    this.endpointSlices = new Informer(
      kc,
      {
        name: "endpointslices",
        path: "/apis/discovery.k8s.io/v1/endpointslices",
        list: () =>
          list<RawEndpointSlice>(discovery.listEndpointSliceForAllNamespaces(sliceSelectors)),
        selectors: sliceSelectors,
        trim: trimEndpointSlice,
      },
      informerOpts,
    );
    // Marker ConfigMaps and Secrets are watched one object at a time, by namespace and
    // fieldSelector metadata.name, rather than watching all ConfigMaps/Secrets or
    // polling: (1) the agent never holds the cluster's Secrets, only these few; (2) RBAC
    // can then grant get/list/watch with resourceNames on exactly these objects (the API
    // server authorizes a list/watch against resourceNames when the fieldSelector pins
    // metadata.name), so a compromised agent cannot read other Secrets; (3) a trust-root
    // rotation shows up in seconds, not at the next poll. Seven idle watches cost little.
    this.markers = markerObjects(this.rules).map((m) => {
      const selectors = { fieldSelector: `metadata.name=${m.name}` };
      const resource = m.kind === "ConfigMap" ? "configmaps" : "secrets";
      const query = { namespace: m.namespace, ...selectors };
      return new Informer<RawConfigMapOrSecret, TrimmedMarker>(
        kc,
        {
          name: `${m.kind}/${m.namespace}/${m.name}`,
          path: `/api/v1/namespaces/${m.namespace}/${resource}`,
          list: () =>
            list<RawConfigMapOrSecret>(
              m.kind === "ConfigMap"
                ? core.listNamespacedConfigMap(query)
                : core.listNamespacedSecret(query),
            ),
          selectors,
          trim: (obj) => trimMarker(m.kind, obj, m.keys),
        },
        informerOpts,
      );
    });
    for (const inf of this.all()) inf.onChange(() => this.changed());
  }

  /** Starts every informer; resolves once each has listed once. */
  async start(): Promise<void> {
    await Promise.all([...this.all().map((i) => i.start()), this.refreshServedApis()]);
    this.servedApisTimer = setInterval(
      () => void this.refreshServedApis(),
      this.servedApisRefreshMs,
    );
    this.servedApisTimer.unref();
    this.started = true;
    this.changed();
  }

  // A failed read keeps what was read before (or reports nothing): discovery is best effort.
  private async refreshServedApis(): Promise<void> {
    try {
      const next = await readServedApis(this.kc);
      if (canonicalJson(next) === canonicalJson(this.servedApis ?? null)) return;
      this.servedApis = next;
      this.changed();
    } catch (err) {
      this.log.warn("served API versions could not be read", {
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }

  /** The current snapshot (rebuilt lazily after a change). */
  current(): ClusterSnapshot {
    this.cached ??= {
      services: buildReportedServices(
        this.services.items().values(),
        this.endpointSlices.items().values(),
        this.excluded,
      ),
      meshes: detectMeshes(this.namespacesByName(), this.markersByKey(), this.rules),
      ...(this.servedApis ? { servedApis: this.servedApis } : {}),
    };
    return this.cached;
  }

  /** Called after any informer's store changes (once started). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Stops every watch. */
  async stop(): Promise<void> {
    clearInterval(this.servedApisTimer);
    await Promise.all(this.all().map((i) => i.stop()));
  }

  private all(): Array<Informer<Raw, unknown>> {
    return [this.namespaces, this.services, this.endpointSlices, ...this.markers] as Array<
      Informer<Raw, unknown>
    >;
  }

  private changed(): void {
    this.cached = undefined;
    if (!this.started) return;
    for (const l of this.listeners) l();
  }

  private namespacesByName(): Map<string, TrimmedNamespace> {
    return new Map([...this.namespaces.items().values()].map((n) => [n.name, n]));
  }

  private markersByKey(): Map<string, TrimmedMarker> {
    const out = new Map<string, TrimmedMarker>();
    for (const inf of this.markers)
      for (const m of inf.items().values()) out.set(`${m.kind}/${m.namespace}/${m.name}`, m);
    return out;
  }
}
