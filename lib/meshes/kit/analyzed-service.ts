import {
  serviceKey,
  type FleetInventory,
  type GlobalServiceIntent,
  type InventoryCluster,
  type InventoryPort,
  type InventoryService,
} from "./fleet-input";
import type { CompileWarning } from "./warnings";

// The shape every translator works from: one global service resolved against the inventory
// (built by ../analysis.ts, the fleet-level analysis), and the inventory's lookup index.

/** The inventory indexed for lookups: clusters by name, services by cluster and key. */
export interface FleetIndex {
  clusters: ReadonlyMap<string, InventoryCluster>;
  services: ReadonlyMap<string, ReadonlyMap<string, InventoryService>>;
  /** Clusters hosting a Service, by `namespace/name`. */
  hosts: ReadonlyMap<string, readonly InventoryCluster[]>;
}

/** Builds the lookup index once per compilation. */
export function indexFleet(fleet: FleetInventory): FleetIndex {
  const hosts = new Map<string, InventoryCluster[]>();
  const services = new Map<string, Map<string, InventoryService>>();
  for (const c of fleet.clusters) {
    const own = new Map<string, InventoryService>();
    for (const s of c.services) {
      const key = serviceKey(s);
      own.set(key, s);
      const list = hosts.get(key);
      if (list) list.push(c);
      else hosts.set(key, [c]);
    }
    services.set(c.name, own);
  }
  return { clusters: new Map(fleet.clusters.map((c) => [c.name, c])), services, hosts };
}

/** One exporting cluster with its local Service. */
export interface Exporter {
  cluster: InventoryCluster;
  service: InventoryService;
}

/** One global service resolved against the inventory; what every translator works from. */
export interface AnalyzedService {
  key: string;
  intent: GlobalServiceIntent;
  hostname: string;
  /** Exporters that really export: known, hosting the Service, not ExternalName. Oldest first. */
  exporters: Exporter[];
  /** The oldest exporter's Service: its type and ports win a conflict (MCS KEP-1645). */
  primary?: InventoryService;
  /** Known importing clusters, in intent order. */
  importers: InventoryCluster[];
  /** Importers allowed to call (all importers when `access` is absent). */
  consumers: InventoryCluster[];
  /** Clusters that host a Service of this name but do not export it. */
  bystanders: InventoryCluster[];
  /** Failover tiers restricted to effective exporters; empty tiers dropped. */
  tiers: Exporter[][];
  /** Every cluster of the inventory, by name (the MCS clusterset, Linkerd's possible peers). */
  fleet: ReadonlyMap<string, InventoryCluster>;
  /** Other global services of the same name in other namespaces (one service in Consul CE). */
  namesakes: GlobalServiceIntent[];
  warnings: CompileWarning[];
}

/** True when the ports carry HTTP (appProtocol or Istio's `http-` name prefix convention). */
export function isHttpPort(p: InventoryPort): boolean {
  const proto = (p.appProtocol ?? p.name).toLowerCase();
  return /^(http|http2|grpc|h2c)($|-)/.test(proto) || proto === "kubernetes.io/h2c";
}
